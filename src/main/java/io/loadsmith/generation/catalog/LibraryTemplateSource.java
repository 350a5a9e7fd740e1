package io.loadsmith.generation.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;


/**
 * The templates shipped in {@code templates-library/}: {@code <kind>/<name>/<dialect>.ftl}, and an
 * optional {@code <kind>/<name>/template.yaml} with the description and parameters. Read once.
 */
public class LibraryTemplateSource implements TemplateSource {

    public static final String ROOT = "templates-library/";

    private final Map<TemplateKind, Map<String, TemplateDefinition>> definitions;
    private final Map<String, String> libFiles;

    public LibraryTemplateSource() {
        PathMatchingResourcePatternResolver resolver = new PathMatchingResourcePatternResolver();
        Map<TemplateKind, Map<String, TemplateDefinition>> all = new HashMap<>();
        for (TemplateKind kind : TemplateKind.values()) {
            all.put(kind, readKind(resolver, kind));
        }
        this.definitions = Map.copyOf(all);
        this.libFiles = readLib(resolver);
    }

    @Override
    public String describe() {
        return "library";
    }

    @Override
    public Optional<TemplateDefinition> find(TemplateKind kind, String name) {
        return Optional.ofNullable(definitions.get(kind).get(name));
    }

    @Override
    public String location(TemplateKind kind, String name, String dialect) {
        return ROOT + kind.folder() + "/" + name + "/" + (dialect == null ? "" : dialect + ".ftl");
    }

    @Override
    public List<String> names(TemplateKind kind) {
        return all(kind).stream().map(TemplateDefinition::name).toList();
    }

    public List<TemplateDefinition> all(TemplateKind kind) {
        return List.copyOf(definitions.get(kind).values());
    }

    /** A shared include such as {@code lib/hash.ftl} or {@code lib/databricks/scd2.ftl}, by its path below templates-library. */
    public Optional<String> libFile(String path) {
        return Optional.ofNullable(libFiles.get(path));
    }

    private static Map<String, TemplateDefinition> readKind(PathMatchingResourcePatternResolver resolver, TemplateKind kind) {
        Map<String, Map<String, String>> variants = new TreeMap<>();
        for (Resource file : resources(resolver, ROOT + kind.folder() + "/*/*.ftl")) {
            String name = parentName(file);
            String dialect = file.getFilename().substring(0, file.getFilename().length() - ".ftl".length());
            variants.computeIfAbsent(name, n -> new HashMap<>()).put(dialect, read(file));
        }
        Map<String, TemplateDefinition> result = new TreeMap<>();
        for (var entry : variants.entrySet()) {
            Map<String, Object> meta = readMeta(resolver, kind, entry.getKey());
            result.put(entry.getKey(), new TemplateDefinition(kind, entry.getKey(),
                    (String) meta.getOrDefault("description", ""), parameters(meta), entry.getValue(), "library",
                    flag(meta, "fullRefresh", kind, entry.getKey()), flag(meta, "historicalInput", kind, entry.getKey())));
        }
        return result;
    }

    private static TemplateFlag flag(Map<String, Object> meta, String key, TemplateKind kind, String name) {
        return TemplateFlag.parse(meta.get(key), ROOT + kind.folder() + "/" + name + "/template.yaml " + key);
    }

    @SuppressWarnings("unchecked")
    private static List<ParameterDefinition> parameters(Map<String, Object> meta) {
        List<ParameterDefinition> parameters = new ArrayList<>();
        for (Map<String, Object> p : (List<Map<String, Object>>) meta.getOrDefault("parameters", List.of())) {
            Object defaultValue = p.get("default");
            parameters.add(new ParameterDefinition((String) p.get("name"),
                    ParameterType.valueOf(String.valueOf(p.getOrDefault("type", "STRING")).toUpperCase(Locale.ROOT)),
                    Boolean.TRUE.equals(p.get("required")),
                    defaultValue == null ? null : String.valueOf(defaultValue),
                    (String) p.getOrDefault("description", ""),
                    ((List<Object>) p.getOrDefault("values", List.of())).stream().map(String::valueOf).toList()));
        }
        return parameters;
    }

    private static Map<String, Object> readMeta(PathMatchingResourcePatternResolver resolver, TemplateKind kind, String name) {
        Resource meta = resolver.getResource("classpath:" + ROOT + kind.folder() + "/" + name + "/template.yaml");
        if (!meta.exists()) {
            return Map.of();
        }
        try (InputStream in = meta.getInputStream()) {
            Map<String, Object> loaded = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
            return loaded == null ? Map.of() : loaded;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, String> readLib(PathMatchingResourcePatternResolver resolver) {
        Map<String, String> files = new HashMap<>();
        for (Resource file : resources(resolver, ROOT + "lib/*.ftl")) {
            files.put("lib/" + file.getFilename(), read(file));
        }
        // A dialect's own version of a lib file: lib/<dialect>/<name>.ftl (LibraryTemplateLoader).
        for (Resource file : resources(resolver, ROOT + "lib/*/*.ftl")) {
            files.put("lib/" + parentName(file) + "/" + file.getFilename(), read(file));
        }
        return Map.copyOf(files);
    }

    private static Resource[] resources(PathMatchingResourcePatternResolver resolver, String pattern) {
        try {
            return resolver.getResources("classpath*:" + pattern);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String parentName(Resource file) {
        try {
            String path = file.getURL().getPath();
            String[] parts = path.split("/");
            return parts[parts.length - 2];
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Resource file) {
        try (InputStream in = file.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
