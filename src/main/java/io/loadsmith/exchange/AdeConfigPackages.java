package io.loadsmith.exchange;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.loadsmith.exchange.InvalidPackageException.Problem;
import tools.jackson.databind.JsonNode;

/**
 * Reads the commercial tool's configuration packages (CONFIG_ENTITY_DEFAULTS,
 * CONFIG_LOAD_TRANSFORMATIONS, CONFIG_LOAD_TEMPLATES; see shared/ade-format.md) into a
 * {@link PackageDocument}, so they are imported by the same atomic path as Loadsmith's own
 * packages. Every problem is collected with its JSON path; nothing partial comes out.
 */
public final class AdeConfigPackages {

    /** The tool's dbmsProduct names and the Loadsmith dialect each maps onto (none for engines we do not generate for). */
    static final Map<String, String> DIALECTS = Map.of(
            "SNOWFLAKE", "snowflake", "BIGQUERY", "bigquery", "DATABRICKS", "databricks", "POSTGRESQL", "postgresql");

    /** The result and what was passed over (formulas of engines Loadsmith does not target). */
    public record Imported(PackageDocument document, List<String> skipped) {
    }

    private final List<Problem> problems = new ArrayList<>();
    private final List<String> skipped = new ArrayList<>();

    private AdeConfigPackages() {
    }

    public static Imported read(byte[] json) {
        if (json.length > PackageJson.MAX_BYTES) {
            throw new InvalidPackageException(List.of(new Problem("$", "the package is " + json.length
                    + " bytes; at most " + PackageJson.MAX_BYTES + " are accepted")));
        }
        // The same limits and messages as a Loadsmith package: what is not JSON is reported by line and column.
        return new AdeConfigPackages().convert(PackageJson.tree(json));
    }

    private Imported convert(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new InvalidPackageException(List.of(new Problem("$", "a configuration package is a JSON object")));
        }
        String packageName = text(root, "packageName", "$", true);
        List<PackageDocument.AttributeTypeDoc> attributeTypes = new ArrayList<>();
        each(root, "attributeTypes", (node, path) -> attributeTypes.add(new PackageDocument.AttributeTypeDoc(
                text(node, "attributeType", path, true), text(node, "superAttributeType", path, false),
                text(node, "description", path, false))));
        List<PackageDocument.DefaultAttributeDoc> defaultAttributes = new ArrayList<>();
        each(root, "defaultAttributes", (node, path) -> defaultAttributes.add(new PackageDocument.DefaultAttributeDoc(
                text(node, "defaultAttributeId", path, true), text(node, "attributeNameTemplate", path, true),
                datatype(node, path), integer(node, "dataLength", path), integer(node, "dataPrecision", path),
                integer(node, "dataScale", path), bool(node, "isNullable", path), text(node, "attributeType", path, false),
                text(node, "description", path, false))));
        Map<String, List<JsonNode>> typeAttributes = group(root, "entityTypeDefaultAttributes");
        Map<String, List<JsonNode>> typeLoadTypes = group(root, "entityTypeDefaultLoadTypes");
        List<PackageDocument.EntityTypeDoc> entityTypes = new ArrayList<>();
        each(root, "entityTypes", (node, path) -> {
            String name = text(node, "entityType", path, true);
            entityTypes.add(new PackageDocument.EntityTypeDoc(name, text(node, "description", path, false),
                    text(node, "namePrefix", path, false), text(node, "nameSuffix", path, false),
                    text(node, "defaultSchema", path, false), text(node, "defaultPhysicalType", path, false),
                    typeAttributes.getOrDefault(name, List.of()).stream()
                            .sorted(Comparator.comparingInt(n -> position(n)))
                            .map(n -> new PackageDocument.EntityTypeAttributeDoc(n.path("defaultAttributeId").asString(null),
                                    n.path("transformationType").asString(null)))
                            .toList(),
                    typeLoadTypes.getOrDefault(name, List.of()).stream()
                            .map(n -> new PackageDocument.LoadTypeDoc(n.path("entityPhysicalType").asString(null),
                                    n.path("loadType").asString(null)))
                            .toList()));
        });
        List<PackageDocument.TransformationTypeDoc> transformations = transformations(root);
        List<PackageDocument.TemplateDoc> templates = templates(root);
        if (!problems.isEmpty()) {
            throw new InvalidPackageException(problems);
        }
        return new Imported(PackageJson.canonical(new PackageDocument(PackageDocument.FORMAT,
                packageName == null ? null : packageName.toLowerCase(Locale.ROOT),
                "Imported from configuration package " + packageName,
                attributeTypes, defaultAttributes, entityTypes, transformations, templates, List.of(), List.of(),
                List.of())), List.copyOf(skipped));
    }

    private List<PackageDocument.TransformationTypeDoc> transformations(JsonNode root) {
        Map<String, Map<String, String>> formulas = new TreeMap<>();
        each(root, "dbmsTransformationFormulas", (node, path) -> {
            String type = text(node, "transformationType", path, true);
            String product = text(node, "dbmsProduct", path, true);
            String formula = text(node, "transformationFormula", path, true);
            if (type == null || product == null || formula == null) {
                return;
            }
            String dialect = DIALECTS.get(product.toUpperCase(Locale.ROOT));
            if (dialect == null) {
                skipped.add(path + ": formula of " + type + " for " + product + " (Loadsmith does not generate for it)");
                return;
            }
            formulas.computeIfAbsent(type, t -> new LinkedHashMap<>()).put(dialect, formula);
        });
        Map<String, String> descriptions = new LinkedHashMap<>();
        each(root, "attrTransformationTypes", (node, path) -> {
            String type = text(node, "transformationType", path, true);
            if (type != null) {
                String description = text(node, "shortDescription", path, false);
                descriptions.put(type, description == null ? text(node, "description", path, false) : description);
                formulas.computeIfAbsent(type, t -> new LinkedHashMap<>());
            }
        });
        return formulas.entrySet().stream()
                .map(e -> new PackageDocument.TransformationTypeDoc(e.getKey(), descriptions.get(e.getKey()), e.getValue()))
                .toList();
    }

    /**
     * FTL templates of CONFIG_LOAD_TEMPLATES. The format description names no keys for them, so
     * the common spellings are accepted: ftlTemplates / loadTemplates with templateName|name,
     * templateText|text|ftlTemplate, and parameters with parameterName|name, parameterType|type.
     */
    private List<PackageDocument.TemplateDoc> templates(JsonNode root) {
        List<PackageDocument.TemplateDoc> templates = new ArrayList<>();
        for (String key : List.of("ftlTemplates", "loadTemplates")) {
            each(root, key, (node, path) -> {
                String name = first(node, path, true, "templateName", "name");
                String body = first(node, path, true, "templateText", "text", "ftlTemplate", "template");
                List<PackageDocument.ParameterDoc> parameters = new ArrayList<>();
                JsonNode params = node.path("parameters");
                for (int i = 0; i < params.size(); i++) {
                    JsonNode p = params.get(i);
                    String at = path + ".parameters[" + i + "]";
                    String type = first(p, at, false, "parameterType", "type");
                    parameters.add(new PackageDocument.ParameterDoc(first(p, at, true, "parameterName", "name"),
                            type == null ? "STRING" : type.toUpperCase(Locale.ROOT), bool(p, "required", at),
                            first(p, at, false, "defaultValue", "default"), first(p, at, false, "description")));
                }
                templates.add(new PackageDocument.TemplateDoc(name, first(node, path, false, "templateDescription", "description"),
                        parameters, body == null ? Map.of() : Map.of("default", body)));
            });
        }
        if (root.has("entityLoadLogicTemplates") && root.path("entityLoadLogicTemplates").size() > 0) {
            skipped.add("$.entityLoadLogicTemplates: saved load logics are not imported yet; copy their steps into loads");
        }
        return templates;
    }

    private interface Visitor {
        void visit(JsonNode node, String path);
    }

    private void each(JsonNode root, String key, Visitor visitor) {
        JsonNode list = root.path(key);
        if (list.isMissingNode() || list.isNull()) {
            return;
        }
        if (!list.isArray()) {
            problems.add(new Problem("$." + key, "must be a list"));
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            if (!list.get(i).isObject()) {
                problems.add(new Problem("$." + key + "[" + i + "]", "must be an object"));
                continue;
            }
            visitor.visit(list.get(i), "$." + key + "[" + i + "]");
        }
    }

    private Map<String, List<JsonNode>> group(JsonNode root, String key) {
        Map<String, List<JsonNode>> byType = new LinkedHashMap<>();
        each(root, key, (node, path) -> {
            String type = text(node, "entityType", path, true);
            if (type != null) {
                byType.computeIfAbsent(type, t -> new ArrayList<>()).add(node);
            }
        });
        return byType;
    }

    private String first(JsonNode node, String path, boolean required, String... keys) {
        for (String key : keys) {
            if (node.has(key) && !node.get(key).isNull()) {
                return text(node, key, path, required);
            }
        }
        if (required) {
            problems.add(new Problem(path + "." + keys[0], "is required"));
        }
        return null;
    }

    private String text(JsonNode node, String key, String path, boolean required) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            if (required) {
                problems.add(new Problem(path + "." + key, "is required"));
            }
            return null;
        }
        if (!value.isString()) {
            problems.add(new Problem(path + "." + key, "must be a string, not " + value.getNodeType().name().toLowerCase(Locale.ROOT)));
            return null;
        }
        return value.asString();
    }

    private Integer integer(JsonNode node, String key, String path) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull() || (value.isString() && value.asString().isBlank())) {
            return null;
        }
        if (value.isIntegralNumber()) {
            return value.asInt();
        }
        if (value.isString() && value.asString().matches("\\d{1,9}")) {
            return Integer.valueOf(value.asString());
        }
        problems.add(new Problem(path + "." + key, "must be a whole number, not '" + value + "'"));
        return null;
    }

    private Boolean bool(JsonNode node, String key, String path) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isBoolean()) {
            problems.add(new Problem(path + "." + key, "must be true or false, not " + value));
            return null;
        }
        return value.asBoolean();
    }

    /** The tool writes lengths into the datatype at times, e.g. CHAR(32); split them off. */
    private String datatype(JsonNode node, String path) {
        String datatype = text(node, "datatype", path, true);
        return datatype == null ? null : datatype.replaceAll("\\(.*\\)$", "").trim().toUpperCase(Locale.ROOT);
    }

    private static int position(JsonNode node) {
        JsonNode p = node.path("position");
        if (p.isIntegralNumber()) {
            return p.asInt();
        }
        try {
            return Integer.parseInt(p.asString("0").trim());
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }
}
