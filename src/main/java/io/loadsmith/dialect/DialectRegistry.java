package io.loadsmith.dialect;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.stereotype.Component;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The dialects defined in {@code templates-library/dialects/*.yaml}. Each file lists only its
 * differences from its parent; this registry resolves the inheritance once, at start.
 */
@Component
public class DialectRegistry {

    private static final String LOCATION = "classpath*:templates-library/dialects/*.yaml";

    /** The setting that names the dialect a page shows when none is chosen. */
    public static final String DEFAULT_SETTING = "loadsmith.default-dialect";
    static final String DEFAULT_NAME = "snowflake";

    private final Map<String, Dialect> dialects;
    private final String defaultName;
    private final Set<String> reservedEverywhere;

    /** Without a server: the default dialect is snowflake, the seed's. */
    public DialectRegistry() {
        this(readDefinitions(), DEFAULT_NAME);
    }

    @Autowired
    public DialectRegistry(@Value("${" + DEFAULT_SETTING + ":" + DEFAULT_NAME + "}") String defaultName) {
        this(readDefinitions(), defaultName);
    }

    DialectRegistry(Map<String, Map<String, Object>> definitions) {
        this(definitions, null);
    }

    private DialectRegistry(Map<String, Map<String, Object>> definitions, String defaultName) {
        Map<String, Dialect> resolved = new TreeMap<>();
        for (String name : definitions.keySet()) {
            resolved.put(name, resolve(name, definitions));
        }
        // By name: Map.copyOf would iterate in an order that changes from one JVM to the next, and
        // targets() is shown to users and iterated by checks that should not vary between runs.
        this.dialects = Collections.unmodifiableMap(resolved);
        Set<String> common = null;
        for (Dialect dialect : resolved.values()) {
            if (!dialect.isAbstract()) {
                common = common == null ? new HashSet<>(dialect.reservedWords()) : common;
                common.retainAll(dialect.reservedWords());
            }
        }
        this.reservedEverywhere = common == null ? Set.of() : Set.copyOf(common);
        // A wrong setting stops the start with the known names rather than failing on the first page.
        this.defaultName = defaultName == null ? null : get(defaultName).name();
    }

    /**
     * Whether a name is a word every target dialect reserves: SQL can never be generated with it as a
     * plain name, so the model refuses it when it is saved rather than at every preview.
     */
    public boolean reservedEverywhere(String name) {
        return name != null && reservedEverywhere.contains(name.toUpperCase(Locale.ROOT));
    }

    /** A concrete dialect by name (case-insensitive); abstract ones are not targets. */
    public Dialect get(String name) {
        Dialect dialect = name == null ? null : dialects.get(name.toLowerCase(Locale.ROOT));
        if (dialect == null || dialect.isAbstract()) {
            throw new UnknownDialectException(name, names());
        }
        return dialect;
    }

    /** A page's or request's choice of dialect: blank means the caller's default; else it must be a target. */
    public void check(String name) {
        if (name != null && !name.isBlank()) {
            get(name);
        }
    }

    /**
     * The dialect a page renders for: the one asked for (an unknown one is an {@link UnknownDialectException},
     * a 400 that lists the known ones), or the {@code loadsmith.default-dialect} setting when none is.
     */
    public String choose(String name) {
        return name == null || name.isBlank() ? defaultName() : get(name).name();
    }

    public String defaultName() {
        return defaultName == null ? DEFAULT_NAME : defaultName;
    }

    public boolean exists(String name) {
        Dialect dialect = name == null ? null : dialects.get(name.toLowerCase(Locale.ROOT));
        return dialect != null && !dialect.isAbstract();
    }

    /**
     * Whether a template or formula variant may be keyed by this name: a target dialect, or a
     * family of them ({@code ansi}, {@code sql2016}), which every dialect below it in the lineage
     * finds before "default".
     */
    public boolean isVariantKey(String name) {
        return name != null && dialects.containsKey(name.toLowerCase(Locale.ROOT));
    }

    /** Names a variant may be keyed by: the families and the target dialects, sorted. */
    public List<String> variantKeys() {
        return dialects.keySet().stream().sorted().toList();
    }

    /** A target dialect that a variant keyed by this name reaches (the first by name); a target reaches itself. */
    public Dialect firstReachedBy(String variantKey) {
        String key = variantKey.toLowerCase(Locale.ROOT);
        return targets().stream().filter(d -> d.lineage().contains(key))
                .min(Comparator.comparing(Dialect::name))
                .orElseThrow(() -> new UnknownDialectException(variantKey, names()));
    }

    /** Names of the dialects SQL can be generated for, sorted. */
    public List<String> names() {
        return dialects.values().stream().filter(d -> !d.isAbstract()).map(Dialect::name).sorted().toList();
    }

    /** The dialects SQL can be generated for, by name. */
    public Collection<Dialect> targets() {
        return dialects.values().stream().filter(d -> !d.isAbstract()).toList();
    }

    @SuppressWarnings("unchecked")
    private static Dialect resolve(String name, Map<String, Map<String, Object>> definitions) {
        List<Map<String, Object>> chain = new ArrayList<>();
        List<String> lineage = new ArrayList<>();
        String current = name;
        while (current != null) {
            if (lineage.contains(current)) {
                throw new IllegalStateException("Dialect inheritance cycle: " + lineage + " -> " + current);
            }
            Map<String, Object> definition = definitions.get(current);
            if (definition == null) {
                throw new IllegalStateException("Dialect '" + lineage.get(lineage.size() - 1)
                        + "' names unknown parent '" + current + "'");
            }
            lineage.add(current);
            chain.add(0, definition);
            current = (String) definition.get("parent");
        }
        Map<String, Boolean> capabilities = new LinkedHashMap<>();
        Map<String, String> functions = new LinkedHashMap<>();
        Map<String, List<String>> datatypes = new LinkedHashMap<>();
        Integer maxLength = null;
        Set<String> reserved = new HashSet<>();
        Map<String, String> literalEscapes = Map.of();
        String identifierQuote = null;
        for (Map<String, Object> level : chain) {
            ((Map<String, Object>) level.getOrDefault("capabilities", Map.of()))
                    .forEach((k, v) -> capabilities.put(k, Boolean.TRUE.equals(v)));
            ((Map<String, Object>) level.getOrDefault("functions", Map.of()))
                    .forEach((k, v) -> functions.put(k, String.valueOf(v)));
            ((Map<String, Object>) level.getOrDefault("datatypes", Map.of()))
                    .forEach((k, v) -> datatypes.put(k, v instanceof List<?> list
                            ? list.stream().map(String::valueOf).toList() : List.of(String.valueOf(v))));
            Map<String, Object> identifiers = (Map<String, Object>) level.getOrDefault("identifiers", Map.of());
            if (identifiers.get("max_length") instanceof Integer length) {
                maxLength = length;
            }
            if (identifiers.get("reserved") instanceof List<?> words) {
                for (Object word : words) {
                    // YAML reads ON, NO, OFF and YES as booleans: ON was once silently "TRUE" here.
                    if (!(word instanceof String text)) {
                        throw new IllegalStateException("Dialect " + level.get("name") + ": identifiers.reserved has " + word
                                + ", which YAML read as a " + (word == null ? "null" : word.getClass().getSimpleName().toLowerCase(Locale.ROOT))
                                + ", not a word; quote it.");
                    }
                    reserved.add(text.toUpperCase(Locale.ROOT));
                }
            }
            if (identifiers.get("quote") instanceof String quote) {
                identifierQuote = quote;
            }
            // A dialect that says how literals are written says it whole: escapes are not merged.
            Map<String, Object> literal = (Map<String, Object>) level.getOrDefault("string_literal", Map.of());
            if (literal.get("escapes") instanceof Map<?, ?> escapes) {
                Map<String, String> own = new LinkedHashMap<>();
                escapes.forEach((k, v) -> own.put(String.valueOf(k), String.valueOf(v)));
                literalEscapes = own;
            }
        }
        Map<String, Object> own = definitions.get(name);
        return new Dialect(name, (String) own.getOrDefault("label", name),
                Boolean.TRUE.equals(own.get("abstract")), lineage, capabilities, functions, datatypes,
                maxLength == null ? 128 : maxLength, reserved, literalEscapes,
                identifierQuote == null ? "\"" : identifierQuote);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> readDefinitions() {
        try {
            Resource[] files = new PathMatchingResourcePatternResolver().getResources(LOCATION);
            Map<String, Map<String, Object>> definitions = new TreeMap<>();
            for (Resource file : files) {
                try (InputStream in = file.getInputStream()) {
                    Map<String, Object> definition = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
                    String name = (String) definition.get("name");
                    if (name == null || !(name + ".yaml").equals(file.getFilename())) {
                        throw new IllegalStateException("Dialect file " + file.getFilename()
                                + " must declare name: " + file.getFilename().replace(".yaml", ""));
                    }
                    definitions.put(name, definition);
                }
            }
            if (definitions.isEmpty()) {
                throw new IllegalStateException("No dialect definitions found at " + LOCATION);
            }
            return definitions;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return dialects.keySet().stream().collect(Collectors.joining(", ", "DialectRegistry[", "]"));
    }
}
