package io.loadsmith.exchange;

import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import io.loadsmith.problem.KeyedFields;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads and writes {@link PackageDocument}s. Writing is canonical: objects sorted by name, maps
 * by key, two-space indentation, LF line ends and a final newline, so that export, import and
 * export again gives the same bytes and a diff in git shows only real changes. Reading is
 * bounded (size, nesting) because packages arrive from outside.
 */
public final class PackageJson {

    /** Largest package accepted, in bytes. */
    public static final int MAX_BYTES = 20 * 1024 * 1024;
    private static final int MAX_DEPTH = 32;

    private static final JsonMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_DEPTH)
                            .maxDocumentLength(MAX_BYTES)
                            .maxStringLength(MAX_BYTES)
                            .build())
                    .build())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            // 1.5 for a length is an error to report, not a 1 to store.
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .build();

    private PackageJson() {
    }

    public static byte[] write(PackageDocument document) {
        return CanonicalJson.write(canonical(document)).getBytes(StandardCharsets.UTF_8);
    }

    /** Parses a package; malformed JSON or wrong types become an {@link InvalidPackageException} with the JSON path. */
    public static PackageDocument read(byte[] json) {
        if (json.length > MAX_BYTES) {
            throw new InvalidPackageException(List.of(new InvalidPackageException.Problem("$",
                    "the package is " + json.length + " bytes; at most " + MAX_BYTES + " are accepted")));
        }
        // Tokenize the whole text first so that the size and depth limits apply before any type
        // mismatch stops the reading half-way; the tree also tells what was found where.
        JsonNode tree = tree(json);
        checkFormat(tree);
        List<InvalidPackageException.Problem> nulls = new java.util.ArrayList<>();
        emptyEntries(tree, "$", nulls);
        if (!nulls.isEmpty()) {
            throw new InvalidPackageException(nulls);
        }
        List<InvalidPackageException.Problem> unknown = UnknownFields.in(tree);
        try {
            // With unknown fields found, the binding passes over them to find what else is wrong.
            PackageDocument document = unknown.isEmpty() ? MAPPER.treeToValue(tree, PackageDocument.class)
                    : MAPPER.readerFor(PackageDocument.class).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                            .readValue(tree);
            if (!unknown.isEmpty()) {
                throw new InvalidPackageException(unknown);
            }
            if (document == null) {
                throw new InvalidPackageException(List.of(new InvalidPackageException.Problem("$", "the body is empty")));
            }
            return document;
        } catch (JacksonException e) {
            // Unknown fields are named beside the first value that cannot be read, not instead of it.
            List<InvalidPackageException.Problem> problems = new java.util.ArrayList<>(unknown);
            problems.add(JsonReadProblems.binding(e, tree));
            throw new InvalidPackageException(problems);
        }
    }

    /**
     * A file of another format (a later version's, or not a package at all) would be read as far as
     * its fields happen to match this one's; a file that names no format is read as this one.
     */
    private static void checkFormat(JsonNode tree) {
        JsonNode format = tree.isObject() ? tree.get("format") : null;
        if (format == null || format.isNull() || (format.isString() && PackageDocument.FORMAT.equals(format.asString()))) {
            return;
        }
        String found = format.isString() ? "'" + format.asString() + "'" : format.toString();
        throw new InvalidPackageException(List.of(new InvalidPackageException.Problem("$.format",
                "expected \"" + PackageDocument.FORMAT + "\", the format this Loadsmith reads, found " + found)));
    }

    /**
     * A null entry of a list or a map: the records would refuse it as a whole ("cannot be read here" at
     * the list's owner), so each is named at its own path, all of them at once.
     */
    private static void emptyEntries(JsonNode node, String path, List<InvalidPackageException.Problem> problems) {
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                if (node.get(i).isNull()) {
                    problems.add(new InvalidPackageException.Problem(path + "[" + i + "]",
                            "is null; a list holds no empty entries, leave it out"));
                } else {
                    emptyEntries(node.get(i), path + "[" + i + "]", problems);
                }
            }
        } else if (node.isObject()) {
            for (var field : node.properties()) {
                String at = path + "." + field.getKey();
                if (KeyedFields.NAMES.contains(field.getKey()) && field.getValue().isObject()) {
                    for (var entry : field.getValue().properties()) {
                        if (entry.getValue().isNull()) {
                            problems.add(new InvalidPackageException.Problem(at + "." + entry.getKey(), "needs a value"));
                        }
                    }
                } else {
                    emptyEntries(field.getValue(), at, problems);
                }
            }
        }
    }

    /** The JSON text as a tree, within the size and nesting limits; what is not JSON is reported by line and column. */
    static JsonNode tree(byte[] json) {
        try {
            return MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw new InvalidPackageException(List.of(JsonReadProblems.syntax(e, MAX_DEPTH)));
        }
    }

    /** The same content with every unordered collection sorted by its key. */
    public static PackageDocument canonical(PackageDocument d) {
        return new PackageDocument(PackageDocument.FORMAT, d.name(), d.description(),
                sorted(d.attributeTypes(), PackageDocument.AttributeTypeDoc::name),
                sorted(d.defaultAttributes(), PackageDocument.DefaultAttributeDoc::code),
                sorted(d.entityTypes(), PackageDocument.EntityTypeDoc::name),
                sorted(d.transformationTypes(), PackageDocument.TransformationTypeDoc::name),
                sorted(d.templates(), PackageDocument.TemplateDoc::name),
                sorted(d.entities(), PackageDocument.EntityDoc::qualifiedName),
                sorted(d.loads(), PackageDocument.LoadDoc::name),
                sorted(d.environments(), PackageDocument.EnvironmentDoc::name),
                sorted(d.presets(), PackageDocument.PresetDoc::name),
                sorted(d.datatypeMappings(), PackageDocument.DatatypeMappingDoc::key));
    }

    private static <T> List<T> sorted(List<T> items, Function<T, String> key) {
        return items.stream().sorted(Comparator.comparing(key, Comparator.nullsFirst(Comparator.naturalOrder()))).toList();
    }

}
