package io.loadsmith.load;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.export.DeflatedPackage;
import io.loadsmith.export.SqlPackage;
import io.loadsmith.export.migration.Migration;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.model.LoadModel;

/**
 * What to generate, for which dialect and environment: the one input of {@link Generation};
 * {@code T} is what it generates (a load's SQL, an entity's DDL, a package's files).
 * A null dialect is the default one, a null environment none; any other name must exist (blank
 * included, as the REST API has always refused {@code ?dialect=}). Pages turn a blank choice into
 * null with {@link #choice}.
 */
public sealed interface GenerationRequest<T> {

    String dialect();

    String environment();

    /** A page's select: blank means "not chosen". */
    static String choice(String name) {
        return name == null || name.isBlank() ? null : name;
    }

    /** A saved load; {@code options} carries the caller's confirmation of full refreshes. */
    record StoredLoad(long loadId, String dialect, String environment, GenerationOptions options)
            implements GenerationRequest<GeneratedLoad> {

        public StoredLoad {
            options = options == null ? GenerationOptions.NONE : options;
        }

        public StoredLoad(long loadId, String dialect, String environment) {
            this(loadId, dialect, environment, GenerationOptions.NONE);
        }
    }

    /**
     * A load the caller has read or assembled already: the load page's preview reads its stored load
     * once, to compare the form with it and to generate whichever of the two it shows.
     */
    record ReadLoad(LoadModel load, String dialect, String environment) implements GenerationRequest<GeneratedLoad> {
    }

    /** A load as a form has it, before it is saved: nothing is stored. */
    record DraftLoad(LoadRequest draft, String dialect, String environment) implements GenerationRequest<GeneratedLoad> {
    }

    /**
     * A saved load as it would be if a template had the editor's text (the load gets a call of it when
     * it has none); without environment, as the template page has always shown it.
     */
    record DraftTemplate(long loadId, String dialect, String templateName, List<ParameterDefinition> parameters,
                         Map<String, String> variants) implements GenerationRequest<GeneratedLoad> {

        public DraftTemplate {
            parameters = List.copyOf(parameters);
            variants = Map.copyOf(variants);
        }

        @Override
        public String environment() {
            return null;
        }
    }

    /** A stored entity's CREATE TABLE; a table has no environment. */
    record EntityDdl(long entityId, String dialect) implements GenerationRequest<String> {

        @Override
        public String environment() {
            return null;
        }
    }

    /**
     * The SQL package of a package document: its entities' DDL and the loads {@code loads} accepts
     * (so that one load's SQL does not depend on whether another's full refresh is allowed). The
     * environment is one of the document's, not of the store: a version exports the same bytes later.
     */
    record PackageSql(PackageDocument document, String version, String dialect, String environment,
                      GenerationOptions options, Predicate<String> loads) implements GenerationRequest<SqlPackage> {

        public PackageSql {
            options = options == null ? GenerationOptions.NONE : options;
            loads = loads == null ? load -> true : loads;
        }
    }

    /**
     * The migration of a package's tables from one version's document to another's, labelled as the
     * plan names them. Destructive changes are refused unless {@code allowDestructive}; with it the
     * plan comes whatever it holds (what the designer previews). A table has no environment.
     */
    record PackageMigration(PackageDocument from, String fromLabel, PackageDocument to, String toLabel,
                            String dialect, boolean allowDestructive) implements GenerationRequest<Migration> {

        @Override
        public String environment() {
            return null;
        }
    }

    /** As {@link PackageSql} with every load, each file deflated where it was rendered: the zip download's. */
    record PackageZip(PackageDocument document, String version, String dialect, String environment,
                      GenerationOptions options) implements GenerationRequest<DeflatedPackage> {

        public PackageZip {
            options = options == null ? GenerationOptions.NONE : options;
        }
    }
}
