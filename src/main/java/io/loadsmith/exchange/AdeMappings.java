package io.loadsmith.exchange;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import tools.jackson.databind.JsonNode;

/**
 * The entity package's mappings: {@code mappingEntities} (a source entity feeding a load),
 * {@code mappingTargetAttributes} (a target attribute of a mapping, its transformation type and,
 * for CUSTOM, its formula) and {@code mappingSourceAttributes} (the source attributes of a target
 * attribute, by position), as each load's {@link PackageDocument.MappingDoc}s in position order.
 * Ids are resolved to names here; whether the names fit the load (the target's attributes, the
 * transformation types) is the load's own rule, checked on import like any package's.
 */
final class AdeMappings {

    private final AdeConfigPackages reader;
    private final Map<String, String> entityNames;
    private final Map<String, String> attributeNames;
    private final Map<String, String> attributeEntities;
    private final JsonNode root;

    private record Mapping(String loadId, int position, String source, String sourceId, String type, String name,
                           List<Target> targets) {
    }

    private record Target(String id, int position, String attribute, String type, String formula, List<JsonNode> sources) {
    }

    AdeMappings(AdeConfigPackages reader, JsonNode root, Map<String, String> entityNames,
                Map<String, String> attributeNames, Map<String, String> attributeEntities) {
        this.reader = reader;
        this.entityNames = entityNames;
        this.attributeNames = attributeNames;
        this.attributeEntities = attributeEntities;
        this.root = root;
    }

    Map<String, List<PackageDocument.MappingDoc>> byLoad() {
        Set<String> leftOut = new HashSet<>();
        Map<String, Mapping> mappings = new LinkedHashMap<>();
        reader.each(root, "mappingEntities", (node, path) -> {
            String id = reader.text(node, "mappingEntitiesId", path, true);
            String name = reader.text(node, "mappingName", path, false);
            if (id != null && AdeEntityPackage.temporary(name)) {
                leftOut.add(id);
                return;
            }
            String load = reader.text(node, "entityLoadId", path, true);
            String source = reader.text(node, "sourceEntityId", path, true);
            String type = reader.text(node, "mappingType", path, false);
            Integer position = reader.integer(node, "position", path);
            if (source != null && !entityNames.containsKey(source)) {
                reader.problem(path + ".sourceEntityId", "names no entity of this package (was '" + source + "')");
                // Its target and source attributes are left out unreported: the one problem is here.
                leftOut.add(id);
            } else if (id != null && load != null && source != null) {
                mappings.put(id, new Mapping(load, position == null ? Integer.MAX_VALUE : position, entityNames.get(source),
                        source, type == null ? null : type.toUpperCase(Locale.ROOT), name, new ArrayList<>()));
            }
        });
        Map<String, Target> targets = targets(leftOut, mappings);
        reader.each(root, "mappingSourceAttributes", (node, path) -> {
            String target = reader.text(node, "mappingTargetAttributeId", path, true);
            String attribute = reader.text(node, "sourceAttributeId", path, true);
            reader.integer(node, "position", path);
            if (target == null || attribute == null || !targets.containsKey(target)) {
                if (target != null && !targets.containsKey(target) && !leftOut.contains(target)) {
                    reader.problem(path + ".mappingTargetAttributeId", "names no entry of mappingTargetAttributes (was '"
                            + target + "')");
                }
                return;
            }
            if (!attributeNames.containsKey(attribute)) {
                reader.problem(path + ".sourceAttributeId", "names no attribute of this package (was '" + attribute + "')");
                return;
            }
            targets.get(target).sources().add(node);
        });
        Map<String, List<PackageDocument.MappingDoc>> byLoad = new LinkedHashMap<>();
        mappings.values().stream().sorted(Comparator.comparingInt(Mapping::position)).forEach(m ->
                byLoad.computeIfAbsent(m.loadId(), l -> new ArrayList<>()).add(new PackageDocument.MappingDoc(m.source(),
                        m.type(), m.name(), m.targets().stream().sorted(Comparator.comparingInt(Target::position))
                        .map(t -> new PackageDocument.AttributeMappingDoc(t.attribute(), t.sources().stream()
                                .sorted(Comparator.comparingInt(AdeConfigPackages::position))
                                .map(n -> attributeNames.get(n.path("sourceAttributeId").asString())).toList(),
                                t.type(), t.formula()))
                        .toList())));
        return byLoad;
    }

    /** {@code leftOut}: mappings (and then their target attributes) whose rows are left out without a word. */
    private Map<String, Target> targets(Set<String> leftOut, Map<String, Mapping> mappings) {
        Map<String, Target> targets = new HashMap<>();
        reader.each(root, "mappingTargetAttributes", (node, path) -> {
            String id = reader.text(node, "mappingTargetAttributeId", path, true);
            String mapping = reader.text(node, "mappingEntitiesId", path, true);
            String attribute = reader.text(node, "targetAttributeId", path, true);
            String type = reader.text(node, "transformationType", path, false);
            String formula = reader.text(node, "transformationFormula", path, false);
            Integer position = reader.integer(node, "position", path);
            if (id == null || mapping == null || attribute == null) {
                return;
            }
            if (leftOut.contains(mapping)) {
                leftOut.add(id);
                return;
            }
            if (!mappings.containsKey(mapping)) {
                reader.problem(path + ".mappingEntitiesId", "names no entry of mappingEntities (was '" + mapping + "')");
            } else if (!attributeNames.containsKey(attribute)) {
                reader.problem(path + ".targetAttributeId", "names no attribute of this package (was '" + attribute + "')");
            } else if (attributeEntities.get(attribute).equals(mappings.get(mapping).sourceId())) {
                reader.problem(path + ".targetAttributeId", "is an attribute of the mapping's source entity, not of its"
                        + " target (was '" + attribute + "')");
            } else {
                Target target = new Target(id, position == null ? targets.size() : position, attributeNames.get(attribute),
                        type == null || type.isBlank() ? null : type.toUpperCase(Locale.ROOT),
                        formula == null || formula.isBlank() ? null : formula, new ArrayList<>());
                targets.put(id, target);
                mappings.get(mapping).targets().add(target);
            }
        });
        return targets;
    }
}
