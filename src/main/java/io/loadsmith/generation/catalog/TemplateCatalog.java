package io.loadsmith.generation.catalog;


import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.loadsmith.dialect.Dialect;

/**
 * Finds templates like dbt's adapter.dispatch: a definition by name from the first source that has
 * it (the store shadows the library, so a team can replace a shipped template), then within it the
 * variant for the dialect, else its ancestors', else "default". A miss names everything searched.
 */
public class TemplateCatalog {

    private final List<TemplateSource> sources;

    public TemplateCatalog(List<TemplateSource> sources) {
        this.sources = List.copyOf(sources);
    }

    public Optional<TemplateDefinition> find(TemplateKind kind, String name) {
        for (int i = 0; i < sources.size(); i++) {
            Optional<TemplateDefinition> found = sources.get(i).find(kind, name);
            if (found.isPresent()) {
                return Optional.of(keepingSafetyOfShadowed(found.get(), i));
            }
        }
        return Optional.empty();
    }

    /**
     * A definition that shadows one further down (a stored "scd_hybrid_rebuild" over the library's)
     * is at least as much a full refresh, and as historical, as the one it hides: otherwise renaming
     * nothing but the source would step around the full-refresh policy.
     */
    private TemplateDefinition keepingSafetyOfShadowed(TemplateDefinition definition, int index) {
        TemplateDefinition result = definition;
        for (int j = index + 1; j < sources.size(); j++) {
            Optional<TemplateDefinition> shadowed = sources.get(j).find(definition.kind(), definition.name());
            if (shadowed.isPresent()) {
                result = new TemplateDefinition(result.kind(), result.name(), result.description(), result.parameters(),
                        result.variants(), result.origin(),
                        stricter(result.fullRefresh(), shadowed.get().fullRefresh(), result),
                        stricter(result.historicalInput(), shadowed.get().historicalInput(), result));
            }
        }
        return result;
    }

    private static TemplateFlag stricter(TemplateFlag own, TemplateFlag shadowed, TemplateDefinition definition) {
        if (own.equals(TemplateFlag.YES) || shadowed.equals(TemplateFlag.NO)) {
            return own;
        }
        if (shadowed.parameter() != null && own.equals(TemplateFlag.NO)
                && definition.parameter(shadowed.parameter()).isPresent()) {
            return shadowed;
        }
        return own.equals(shadowed) ? own : TemplateFlag.YES;
    }

    /** Every definition of a kind that some source lists, as {@link #find} resolves it, sorted by name. */
    public List<TemplateDefinition> all(TemplateKind kind) {
        return names(kind).stream().map(name -> find(kind, name)).flatMap(Optional::stream).toList();
    }

    public TemplateDefinition get(TemplateKind kind, String name) {
        return find(kind, name).orElseThrow(() -> TemplateNotFoundException.unknown(kind, name, names(kind)));
    }

    private List<String> names(TemplateKind kind) {
        return sources.stream().flatMap(s -> s.names(kind).stream()).distinct().sorted().toList();
    }

    public ResolvedVariant resolve(TemplateKind kind, String name, Dialect dialect) {
        List<String> searched = new ArrayList<>();
        TemplateDefinition named = null;
        boolean defined = false;
        for (TemplateSource source : sources) {
            Optional<TemplateDefinition> found = source.find(kind, name);
            if (found.isEmpty()) {
                searched.add(source.location(kind, name, null));
                continue;
            }
            defined = true;
            TemplateDefinition definition = keepingSafetyOfShadowed(found.get(), sources.indexOf(source));
            if (kind == TemplateKind.FORMULA && definition.variants().isEmpty()) {
                // A transformation type stored only to be named (no formula at all) lets the library's
                // formulas of that name apply; without any, it is a run-time value (below).
                named = named == null ? definition : named;
                searched.add(source.location(kind, name, null) + " (no formula)");
                continue;
            }
            named = definition;
            List<String> chain = new ArrayList<>(dialect.lineage());
            chain.add(TemplateDefinition.DEFAULT_VARIANT);
            for (String variant : chain) {
                String body = definition.variants().get(variant);
                if (body != null) {
                    return new ResolvedVariant(definition, variant, body);
                }
                searched.add(source.location(kind, name, variant));
            }
            if (kind == TemplateKind.FORMULA) {
                // A stored type with formulas for other dialects only (the commercial tool's default
                // configuration brings HASH_KEY for SNOWFLAKE, MS_SQL and REDSHIFT) does not hide the
                // library's formula for this dialect: before, PostgreSQL got the run-time value '<hash_key>'
                // as every row's hash key, and a hub took one row for all keys.
                continue;
            }
            // The first source that defines the name owns it: the library does not fill gaps in a store template.
            break;
        }
        if (kind == TemplateKind.FORMULA && named != null) {
            // A known transformation type without a formula for the dialect: its run-time value.
            return new ResolvedVariant(named, RuntimeValues.VARIANT, RuntimeValues.formula(name));
        }
        if (!defined) {
            // A name that nothing defines is a typo more often than a missing file: say what is near.
            throw TemplateNotFoundException.unknown(kind, name, names(kind));
        }
        throw new TemplateNotFoundException(kind, name, dialect.name(), searched);
    }
}
