package io.loadsmith.exchange;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import tools.jackson.databind.JsonNode;

/**
 * The entities, loads and mappings of the commercial tool's entity package (see
 * shared/ade-format.md), read into the package document's records. The tool links its rows by
 * UUID (an attribute to its entity, a step to its load, a mapped attribute to its mapping); Loadsmith
 * links by name, so each id is looked up and a dangling one is a problem at its path. A mapping
 * named {@code TEMPORARY_MAPPING…} is one the tool made for a load whose mapping nobody edited: left out.
 */
final class AdeEntityPackage {

    private static final String TEMPORARY = "TEMPORARY_MAPPING";

    private final AdeConfigPackages reader;
    private final Map<String, String> entityNames = new HashMap<>();
    private final Map<String, String> attributeNames = new HashMap<>();
    private final Map<String, String> attributeEntities = new HashMap<>();
    private final List<PackageDocument.EntityDoc> entities = new ArrayList<>();
    private final List<PackageDocument.LoadDoc> loads = new ArrayList<>();

    AdeEntityPackage(AdeConfigPackages reader, JsonNode root) {
        this.reader = reader;
        Map<String, List<PackageDocument.AttributeDoc>> attributes = attributes(root);
        reader.each(root, "entities", (node, path) -> {
            String id = reader.text(node, "entityId", path, true);
            String name = reader.text(node, "entityName", path, true);
            String schema = reader.text(node, "schemaName", path, true);
            String logical = reader.text(node, "entityLogicalName", path, false);
            if (id != null && name != null && schema != null) {
                entityNames.put(id, schema + "." + name);
                entities.add(new PackageDocument.EntityDoc(schema, name, logical == null ? name : logical,
                        reader.text(node, "entityType", path, false), upper(reader.text(node, "physicalType", path, false)),
                        reader.text(node, "description", path, false), null,
                        attributes.getOrDefault(id, List.of())));
            }
        });
        checkOwners(root);
        loads(root);
    }

    List<PackageDocument.EntityDoc> entities() {
        return entities;
    }

    List<PackageDocument.LoadDoc> loads() {
        return loads;
    }

    /** The attributes of each entity id, in position order. */
    private Map<String, List<PackageDocument.AttributeDoc>> attributes(JsonNode root) {
        record Positioned(int position, PackageDocument.AttributeDoc attribute) {
        }
        Map<String, List<Positioned>> byEntity = new LinkedHashMap<>();
        reader.each(root, "attributes", (node, path) -> {
            String id = reader.text(node, "attributeId", path, true);
            String entity = reader.text(node, "entityId", path, true);
            String name = reader.text(node, "attributeName", path, true);
            PackageDocument.AttributeDoc attribute = new PackageDocument.AttributeDoc(name, reader.datatype(node, path),
                    reader.integer(node, "dataLength", path), reader.integer(node, "dataPrecision", path),
                    reader.integer(node, "dataScale", path), !Boolean.FALSE.equals(reader.bool(node, "isNullable", path)),
                    reader.text(node, "attributeType", path, false), reader.text(node, "description", path, false));
            if (id != null && entity != null && name != null) {
                attributeNames.put(id, name);
                attributeEntities.put(id, entity);
                byEntity.computeIfAbsent(entity, e -> new ArrayList<>())
                        .add(new Positioned(AdeConfigPackages.position(node), attribute));
            }
        });
        Map<String, List<PackageDocument.AttributeDoc>> result = new HashMap<>();
        byEntity.forEach((entity, attributes) -> result.put(entity, attributes.stream()
                .sorted(Comparator.comparingInt(Positioned::position)).map(Positioned::attribute).toList()));
        return result;
    }

    /** An attribute whose entity the package does not hold is a problem at its path. */
    private void checkOwners(JsonNode root) {
        reader.each(root, "attributes", (node, path) -> {
            String entity = node.path("entityId").asString(null);
            if (entity != null && !entityNames.containsKey(entity)) {
                reader.problem(path + ".entityId", "names no entity of this package (was '" + entity + "')");
            }
        });
    }

    private void loads(JsonNode root) {
        Map<String, List<JsonNode>> steps = byLoad(root, "entityLoadSteps");
        Map<String, Map<String, String>> options = new LinkedHashMap<>();
        reader.each(root, "entityLoadOpts", (node, path) -> {
            String load = reader.text(node, "entityLoadId", path, true);
            String name = reader.text(node, "loadOptName", path, true);
            JsonNode value = node.get("value");
            if (load != null && name != null) {
                options.computeIfAbsent(load, k -> new TreeMap<>()).put(name,
                        value == null || value.isNull() ? "" : value.isString() ? value.asString() : value.toString());
            }
        });
        Map<String, List<PackageDocument.MappingDoc>> mappings = new AdeMappings(reader, root, entityNames, attributeNames,
                attributeEntities).byLoad();
        reader.each(root, "entityLoads", (node, path) -> {
            String id = reader.text(node, "entityLoadId", path, true);
            String target = reader.text(node, "entityId", path, true);
            String name = reader.text(node, "loadName", path, true);
            if (target != null && !entityNames.containsKey(target)) {
                reader.problem(path + ".entityId", "names no entity of this package (was '" + target + "')");
            }
            if (id != null && name != null && entityNames.containsKey(target)) {
                loads.add(new PackageDocument.LoadDoc(name, entityNames.get(target),
                        upper(reader.text(node, "loadType", path, false)), reader.text(node, "description", path, false),
                        List.of(), options.getOrDefault(id, Map.of()),
                        steps.getOrDefault(id, List.of()).stream().sorted(Comparator.comparingInt(AdeConfigPackages::position))
                                .map(n -> new PackageDocument.StepDoc(n.path("loadStepName").asString(null),
                                        n.path("stepType").asString("OVERRIDE").toUpperCase(Locale.ROOT),
                                        n.path("textStep").asString(null)))
                                .toList(),
                        mappings.getOrDefault(id, List.of())));
            }
        });
    }

    private Map<String, List<JsonNode>> byLoad(JsonNode root, String key) {
        Map<String, List<JsonNode>> grouped = new LinkedHashMap<>();
        reader.each(root, key, (node, path) -> {
            String load = reader.text(node, "entityLoadId", path, true);
            String name = reader.text(node, "loadStepName", path, true);
            String text = reader.text(node, "textStep", path, true);
            reader.text(node, "stepType", path, false);
            if (load != null && name != null && text != null) {
                grouped.computeIfAbsent(load, k -> new ArrayList<>()).add(node);
            }
        });
        return grouped;
    }

    static boolean temporary(String mappingName) {
        return mappingName != null && mappingName.startsWith(TEMPORARY);
    }

    private static String upper(String value) {
        return value == null ? null : value.toUpperCase(Locale.ROOT);
    }
}
