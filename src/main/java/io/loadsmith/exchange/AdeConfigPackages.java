package io.loadsmith.exchange;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.IntStream;

import io.loadsmith.exchange.InvalidPackageException.Problem;
import tools.jackson.databind.JsonNode;

/**
 * Reads the commercial tool's configuration packages (CONFIG_ENTITY_DEFAULTS,
 * CONFIG_LOAD_TRANSFORMATIONS, CONFIG_LOAD_TEMPLATES; see shared/ade-format.md), and the entities,
 * loads and mappings of its entity packages ({@link AdeEntityPackage}), into a
 * {@link PackageDocument}, so they are imported by the same atomic path as Loadsmith's own
 * packages. Every problem is collected with its JSON path; nothing partial comes out.
 */
public final class AdeConfigPackages {

    /** The tool's dbmsProduct names and the Loadsmith dialect each maps onto (none for engines we do not generate for). */
    static final Map<String, String> DIALECTS = Map.of(
            "SNOWFLAKE", "snowflake", "BIGQUERY", "bigquery", "DATABRICKS", "databricks", "POSTGRESQL", "postgresql",
            "REDSHIFT", "redshift", "MS_SQL", "sqlserver", "MS_SQL_DW", "synapse", "MS_FABRIC", "fabric");

    /**
     * The result, what was passed over (formulas of engines Loadsmith does not target), and the
     * header: the tool's package name and id, and the packages it depends on.
     */
    public record Imported(PackageDocument document, List<Passed> passedOver, Header header, String where) {

        /** The same package as one of several uploaded files: its paths led by the file's name. */
        public Imported in(String file) {
            return new Imported(document, passedOver.stream().map(p -> new Passed(under(file, p.path()), p.reason())).toList(),
                    new Header(header.packageName(), header.packageId(), header.dependencies().stream()
                            .map(d -> new Dependency(d.packageId(), d.packageName(), under(file, d.path()))).toList()),
                    where.equals("$") ? file : under(file, where));
        }

        /** What was passed over, as "path: reason" lines. */
        public List<String> skipped() {
            return passedOver.stream().map(Passed::toString).toList();
        }
    }

    /** Something of a package that is not imported, where it is and why. */
    public record Passed(String path, String reason) {
        @Override
        public String toString() {
            return path + ": " + reason;
        }
    }

    /** The package header: {@code packageName}, {@code dataPackage.packageId} and {@code packageDependencies}. */
    public record Header(String packageName, String packageId, List<Dependency> dependencies) {
    }

    /** One of {@code packageDependencies}, with its JSON path. */
    public record Dependency(String packageId, String packageName, String path) {
    }

    /** One package file of a batch: where it came from ("$[1]" in a JSON array, a file name in a zip) and its bytes. */
    public record Input(String where, byte[] json) {
    }

    private final List<Problem> problems = new ArrayList<>();
    private final List<Passed> skipped = new ArrayList<>();

    /** A problem found by a reader of one part of a package (see AdeEntityPackage). */
    void problem(String path, String message) {
        problems.add(new Problem(path, message));
    }

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

    /** Most package files in one batch. */
    public static final int MAX_PACKAGES = 100;

    /**
     * Several packages: a JSON array of package objects, or one package object. Every problem of
     * every package is reported, each package's paths under its place in the array ({@code $[1].entityTypes[0]}).
     */
    public static List<Imported> readArray(byte[] json) {
        if (json.length > PackageJson.MAX_BYTES) {
            throw new InvalidPackageException(List.of(new Problem("$", "the body is " + json.length
                    + " bytes; at most " + PackageJson.MAX_BYTES + " are accepted")));
        }
        JsonNode root = PackageJson.tree(json);
        if (root != null && root.isObject()) {
            return List.of(new AdeConfigPackages().convert(root));
        }
        if (root == null || !root.isArray() || root.isEmpty()) {
            throw new InvalidPackageException(List.of(new Problem("$",
                    "is a JSON array of configuration packages (or one package object)")));
        }
        if (root.size() > MAX_PACKAGES) {
            throw new InvalidPackageException(List.of(new Problem("$", "holds " + root.size()
                    + " packages; at most " + MAX_PACKAGES + " are imported at once")));
        }
        List<Imported> imported = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            String where = "$[" + i + "]";
            try {
                imported.add(relocated(new AdeConfigPackages().convert(root.get(i)), where));
            } catch (InvalidPackageException e) {
                e.problems().forEach(p -> problems.add(new Problem(under(where, p.path()), p.message())));
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidPackageException(problems);
        }
        return imported;
    }

    /** Several packages in the files of a zip (each a package JSON); paths are led by the file name. */
    public static List<Imported> readZip(byte[] zip) {
        List<Input> files = ZipPackages.files(zip, PackageJson.MAX_BYTES, MAX_PACKAGES);
        List<Imported> imported = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (Input file : files) {
            try {
                imported.add(relocated(read(file.json()), file.where()));
            } catch (InvalidPackageException e) {
                e.problems().forEach(p -> problems.add(new Problem(under(file.where(), p.path()), p.message())));
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidPackageException(problems);
        }
        return imported;
    }

    /** {@code $.entityTypes[0]} of the package at {@code $[1]} is {@code $[1].entityTypes[0]}; of file a.json, {@code a.json: $.entityTypes[0]}. */
    public static String under(String where, String path) {
        if (where == null || where.equals("$")) {
            return path;
        }
        return where.startsWith("$") ? where + path.substring(1) : where + ": " + path;
    }

    private static Imported relocated(Imported imported, String where) {
        Header h = imported.header();
        return new Imported(imported.document(),
                imported.passedOver().stream().map(p -> new Passed(under(where, p.path()), p.reason())).toList(),
                new Header(h.packageName(), h.packageId(), h.dependencies().stream()
                        .map(d -> new Dependency(d.packageId(), d.packageName(), under(where, d.path()))).toList()),
                where);
    }

    /**
     * The packages in the order of their {@code packageDependencies} (a package after the ones it
     * depends on; otherwise as given). A dependency that is neither in the batch nor, by its name, in
     * the store ({@code stored}) is refused, as are a package given twice and a cycle.
     */
    public static List<Imported> ordered(List<Imported> packages, Predicate<String> stored) {
        List<Problem> problems = new ArrayList<>();
        Map<String, Integer> byName = new LinkedHashMap<>();
        Map<String, Integer> byId = new LinkedHashMap<>();
        for (int i = 0; i < packages.size(); i++) {
            Header h = packages.get(i).header();
            String root = packages.get(i).where();
            if (h.packageName() != null && byName.putIfAbsent(h.packageName().toUpperCase(Locale.ROOT), i) != null) {
                problems.add(new Problem(under(root, "$.packageName"), "package '" + h.packageName()
                        + "' is given more than once"));
            }
            if (h.packageId() != null) {
                byId.putIfAbsent(h.packageId(), i);
            }
        }
        List<List<Integer>> needs = new ArrayList<>();
        for (Imported p : packages) {
            List<Integer> deps = new ArrayList<>();
            for (Dependency d : p.header().dependencies()) {
                Integer at = d.packageId() != null && byId.containsKey(d.packageId()) ? byId.get(d.packageId())
                        : d.packageName() == null ? null : byName.get(d.packageName().toUpperCase(Locale.ROOT));
                if (at != null) {
                    deps.add(at);
                } else if (d.packageName() == null || !stored.test(storedName(d.packageName()))) {
                    problems.add(new Problem(d.path(), "needs package " + (d.packageName() == null ? "" : "'"
                            + d.packageName() + "' ") + (d.packageId() == null ? "" : "(packageId " + d.packageId() + ") ")
                            + "first: it is neither in this import nor in the store"));
                }
            }
            needs.add(deps);
        }
        if (!problems.isEmpty()) {
            throw new InvalidPackageException(problems);
        }
        List<Imported> order = new ArrayList<>();
        boolean[] done = new boolean[packages.size()];
        while (order.size() < packages.size()) {
            int next = -1;
            for (int i = 0; i < packages.size() && next < 0; i++) {
                int self = i;
                if (!done[i] && needs.get(i).stream().allMatch(d -> done[d] || d == self)) {
                    next = i;
                }
            }
            if (next < 0) {
                List<String> cycle = new ArrayList<>();
                for (int i = 0; i < packages.size(); i++) {
                    if (!done[i]) {
                        cycle.add(packages.get(i).header().packageName());
                    }
                }
                int first = IntStream.range(0, packages.size()).filter(i -> !done[i]).findFirst().orElse(0);
                throw new InvalidPackageException(List.of(new Problem(under(packages.get(first).where(),
                        "$.packageDependencies"), "the packages " + String.join(", ", cycle)
                        + " depend on each other in a cycle; none can be imported first")));
            }
            done[next] = true;
            order.add(packages.get(next));
        }
        return order;
    }

    private Imported convert(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new InvalidPackageException(List.of(new Problem("$", "a configuration package is a JSON object")));
        }
        String packageName = text(root, "packageName", "$", true);
        Header header = header(root, packageName);
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
        List<PackageDocument.PresetDoc> presets = presets(root);
        AdeEntityPackage entityPackage = new AdeEntityPackage(this, root);
        if (!problems.isEmpty()) {
            throw new InvalidPackageException(problems);
        }
        // The home page tells a configuration import that owns nothing by this description (PackageCount).
        return new Imported(PackageJson.canonical(new PackageDocument(PackageDocument.FORMAT,
                storedName(packageName), "Imported from " + (entityPackage.entities().isEmpty() ? "configuration" : "entity")
                        + " package " + packageName,
                attributeTypes, defaultAttributes, entityTypes, transformations, templates, entityPackage.entities(),
                entityPackage.loads(), List.of(), presets, List.of())), List.copyOf(skipped), header, "$");
    }

    /** The name of the Loadsmith package a configuration package is imported into. */
    public static String storedName(String packageName) {
        return packageName == null ? null : packageName.toLowerCase(Locale.ROOT);
    }

    private Header header(JsonNode root, String packageName) {
        String packageId = null;
        JsonNode dataPackage = root.get("dataPackage");
        if (dataPackage != null && dataPackage.isObject()) {
            packageId = text(dataPackage, "packageId", "$.dataPackage", false);
        }
        List<Dependency> dependencies = new ArrayList<>();
        each(root, "packageDependencies", (node, path) -> {
            String name = text(node, "packageName", path, false);
            String id = text(node, "packageId", path, false);
            if (name == null && id == null) {
                problems.add(new Problem(path, "names no package (neither packageName nor packageId)"));
                return;
            }
            dependencies.add(new Dependency(id, name, path));
        });
        return new Header(packageName, packageId, List.copyOf(dependencies));
    }

    /**
     * Saved load logics of CONFIG_LOAD_TEMPLATES as load presets: a template's steps (by position)
     * and load options, and the entity types and load types that use it.
     */
    private List<PackageDocument.PresetDoc> presets(JsonNode root) {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, String> descriptions = new LinkedHashMap<>();
        each(root, "entityLoadLogicTemplates", (node, path) -> {
            String id = text(node, "entityLoadLogicTemplateId", path, true);
            String name = text(node, "templateName", path, true);
            if (id != null && name != null) {
                if (names.put(id, name) != null) {
                    problems.add(new Problem(path + ".entityLoadLogicTemplateId", "'" + id + "' appears more than once"));
                }
                descriptions.put(id, text(node, "templateDescription", path, false));
            }
        });
        Map<String, List<JsonNode>> steps = byTemplate(root, "entityLoadLogicTemplateLoadSteps", names);
        Map<String, Map<String, String>> options = new LinkedHashMap<>();
        each(root, "entityLoadLogicTemplateLoadOpts", (node, path) -> {
            String id = templateId(node, path, names);
            String name = text(node, "loadOptName", path, true);
            JsonNode value = node.get("value");
            if (id != null && name != null) {
                options.computeIfAbsent(id, k -> new TreeMap<>()).put(name,
                        value == null || value.isNull() ? "" : value.isString() ? value.asString() : value.toString());
            }
        });
        Map<String, List<PackageDocument.PresetUseDoc>> uses = new LinkedHashMap<>();
        each(root, "entityTypeEntityLoadTypeEntityLoadLogicTemplates", (node, path) -> {
            String id = templateId(node, path, names);
            String entityType = text(node, "entityType", path, true);
            String loadType = text(node, "entityLoadType", path, true);
            Integer position = integer(node, "templateOrdinalPosition", path);
            Boolean isDefault = bool(node, "isDefault", path);
            if (id != null && entityType != null && loadType != null) {
                uses.computeIfAbsent(id, k -> new ArrayList<>()).add(new PackageDocument.PresetUseDoc(entityType,
                        loadType.toUpperCase(Locale.ROOT), position, Boolean.TRUE.equals(isDefault)));
            }
        });
        List<PackageDocument.PresetDoc> presets = new ArrayList<>();
        names.forEach((id, name) -> presets.add(new PackageDocument.PresetDoc(name, descriptions.get(id),
                options.getOrDefault(id, Map.of()),
                steps.getOrDefault(id, List.of()).stream().sorted(Comparator.comparingInt(AdeConfigPackages::position))
                        .map(n -> new PackageDocument.StepDoc(n.path("loadStepName").asString(null),
                                n.path("stepType").asString("OVERRIDE").toUpperCase(Locale.ROOT),
                                n.path("textStep").asString(null)))
                        .toList(),
                uses.getOrDefault(id, List.of()))));
        return presets;
    }

    private Map<String, List<JsonNode>> byTemplate(JsonNode root, String key, Map<String, String> names) {
        Map<String, List<JsonNode>> grouped = new LinkedHashMap<>();
        each(root, key, (node, path) -> {
            checkPosition(node, path);
            String id = templateId(node, path, names);
            String name = text(node, "loadStepName", path, true);
            String body = text(node, "textStep", path, true);
            text(node, "stepType", path, false);
            if (id != null && name != null && body != null) {
                grouped.computeIfAbsent(id, k -> new ArrayList<>()).add(node);
            }
        });
        return grouped;
    }

    private String templateId(JsonNode node, String path, Map<String, String> names) {
        String id = text(node, "entityLoadLogicTemplateId", path, true);
        if (id != null && !names.containsKey(id)) {
            problems.add(new Problem(path + ".entityLoadLogicTemplateId",
                    "names no entry of entityLoadLogicTemplates (was '" + id + "')"));
            return null;
        }
        return id;
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
                skipped.add(new Passed(path, "formula of " + type + " for " + product + " (Loadsmith does not generate for it)"));
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
        return templates;
    }

    interface Visitor {
        void visit(JsonNode node, String path);
    }

    void each(JsonNode root, String key, Visitor visitor) {
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
            checkPosition(node, path);
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

    String text(JsonNode node, String key, String path, boolean required) {
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

    Integer integer(JsonNode node, String key, String path) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull() || (value.isString() && value.asString().isBlank())) {
            return null;
        }
        Integer number = wholeNumber(value);
        if (number == null) {
            problems.add(new Problem(path + "." + key, value.isIntegralNumber() || value.isString() && DIGITS.matcher(value.asString()).matches()
                    ? OUT_OF_RANGE + ", not " + value : "must be a whole number, not '" + value + "'"));
        }
        return number;
    }

    private static final java.util.regex.Pattern DIGITS = java.util.regex.Pattern.compile("\\s*[-+]?\\d+\\s*");
    private static final String OUT_OF_RANGE = "must be a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE;

    /** A whole number of 32 bits, as a JSON number or digits in a string; null for anything else. */
    private static Integer wholeNumber(JsonNode value) {
        if (value.isIntegralNumber()) {
            return value.canConvertToInt() ? value.asInt() : null;
        }
        if (value.isString() && DIGITS.matcher(value.asString()).matches()) {
            try {
                return Integer.valueOf(value.asString().trim());
            } catch (NumberFormatException tooLong) {
                return null;
            }
        }
        return null;
    }

    /** A position read for ordering only; one given as a number must still fit 32 bits. */
    private void checkPosition(JsonNode node, String path) {
        JsonNode value = node.get("position");
        if (value != null && (value.isIntegralNumber() || value.isString() && DIGITS.matcher(value.asString()).matches())
                && wholeNumber(value) == null) {
            problems.add(new Problem(path + ".position", OUT_OF_RANGE + ", not " + value));
        }
    }

    Boolean bool(JsonNode node, String key, String path) {
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
    String datatype(JsonNode node, String path) {
        String datatype = text(node, "datatype", path, true);
        return datatype == null ? null : datatype.replaceAll("\\(.*\\)$", "").trim().toUpperCase(Locale.ROOT);
    }

    static int position(JsonNode node) {
        JsonNode p = node.path("position");
        if (p.isMissingNode() || p.isNull()) {
            return 0;
        }
        Integer number = wholeNumber(p);
        return number == null ? Integer.MAX_VALUE : number;
    }
}
