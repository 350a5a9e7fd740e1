package io.loadsmith.load;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.loadsmith.entity.WarehouseAttribute;
import io.loadsmith.entity.WarehouseEntity;
import io.loadsmith.generation.catalog.TemplateSandbox;
import io.loadsmith.names.Names;
import io.loadsmith.problem.Violations;

/**
 * The rules a load's mappings obey, checked all at once (every problem named, nothing changed):
 * names are matched ignoring case, as entities keep them unique, and come back in their stored case.
 * Each message names the load, the mapping (position and source entity) and the attribute.
 */
final class MappingRules {

    private final String load;
    private final WarehouseEntity target;
    private final Map<String, String> knownTypes = new HashMap<>();
    private final Violations violations = new Violations();

    MappingRules(String load, WarehouseEntity target, Set<String> transformationTypes) {
        this.load = load;
        this.target = target;
        transformationTypes.forEach(t -> knownTypes.put(Names.key(t), t));
        knownTypes.put(Names.key(AttributeMapping.CUSTOM), AttributeMapping.CUSTOM);
    }

    /** The mappings in canonical form (stored names and types), or an InvalidRequestException naming every problem. */
    List<EntityMapping> check(List<EntityMapping> given, List<WarehouseEntity> sources) {
        Map<String, String> mappedBy = new HashMap<>();
        List<EntityMapping> checked = new ArrayList<>();
        for (int i = 0; i < given.size(); i++) {
            EntityMapping m = given.get(i);
            WarehouseEntity source = sources.get(i);
            String field = "mappings[" + i + "]";
            String mapping = "mapping " + (i + 1) + " (" + source.qualifiedName() + ")";
            String where = "Load '" + load + "', " + mapping;
            String type = m.mappingType().toUpperCase(Locale.ROOT);
            if (!type.equals(EntityMapping.SOURCE) && !type.equals(EntityMapping.REFERENCE)) {
                violations.add(field + ".mappingType", m.mappingType(), where + ": is not a mapping type; give SOURCE or REFERENCE");
            }
            if (source.getId() != null && source.getId().equals(target.getId())) {
                violations.add(field + ".source", m.source(), where + ": maps the load's target "
                        + target.qualifiedName() + " to itself; a mapping reads another entity");
            }
            List<AttributeMapping> attributes = new ArrayList<>();
            for (int j = 0; j < m.attributes().size(); j++) {
                attributes.add(attribute(m.attributes().get(j), field + ".attributes[" + j + "]", where, mapping, source,
                        mappedBy));
            }
            checked.add(new EntityMapping(source.qualifiedName(), type, blankToNull(m.name()), attributes));
        }
        violations.throwIfAny();
        return checked;
    }

    private AttributeMapping attribute(AttributeMapping a, String field, String where, String mapping,
                                       WarehouseEntity source, Map<String, String> mappedBy) {
        String targetName = attributeOf(target, a.target()).orElse(a.target());
        String at = where + ", target attribute '" + a.target() + "'";
        if (attributeOf(target, a.target()).isEmpty()) {
            violations.add(field + ".target", a.target(), at + ": is not an attribute of the load's target "
                    + target.qualifiedName());
        } else {
            String earlier = mappedBy.putIfAbsent(Names.key(targetName), mapping);
            if (earlier != null) {
                violations.add(field + ".target", a.target(), at + ": is already mapped by " + earlier
                        + "; a target attribute is fed by one mapping");
            }
        }
        List<String> sourceNames = new ArrayList<>();
        for (int k = 0; k < a.sources().size(); k++) {
            Optional<String> found = attributeOf(source, a.sources().get(k));
            if (found.isEmpty()) {
                violations.add(field + ".sources[" + k + "]", a.sources().get(k), at + ": source attribute '"
                        + a.sources().get(k) + "' is not an attribute of the mapping's source " + source.qualifiedName());
            }
            sourceNames.add(found.orElse(a.sources().get(k)));
        }
        String type = a.transformationType() == null ? null : knownTypes.get(Names.key(a.transformationType()));
        if (a.transformationType() != null && type == null) {
            violations.add(field + ".transformationType", a.transformationType(), at
                    + ": is not a configured transformation type; known types: "
                    + String.join(", ", knownTypes.values().stream().sorted().toList()));
        } else if (type == null && a.sources().size() != 1) {
            violations.add(field + ".sources", String.join(", ", a.sources()), at + ": a plain copy (no transformation"
                    + " type) takes exactly one source attribute, not " + a.sources().size()
                    + "; give a transformation type to combine several or to compute a value");
        }
        formula(a, type, field, at);
        return new AttributeMapping(targetName, sourceNames, type, AttributeMapping.CUSTOM.equals(type) ? a.formula() : null);
    }

    private void formula(AttributeMapping a, String type, String field, String at) {
        if (!AttributeMapping.CUSTOM.equals(type)) {
            if (a.formula() != null && !a.formula().isBlank()) {
                violations.add(field + ".formula", a.formula(), at + ": a formula belongs to the transformation type CUSTOM only");
            }
            return;
        }
        if (a.formula() == null || a.formula().isBlank()) {
            violations.add(field + ".formula", a.formula(), at + ": CUSTOM needs a formula, an SQL expression");
            return;
        }
        List<TemplateSandbox.Refusal> refusals = TemplateSandbox.refusals(a.formula());
        if (!refusals.isEmpty()) {
            TemplateSandbox.Refusal r = refusals.get(0);
            violations.add(field + ".formula", r.construct(), at + ": the formula's " + r.construct() + " at line "
                    + r.line() + ", column " + r.column() + " is refused: " + r.reason());
        }
    }

    private static Optional<String> attributeOf(WarehouseEntity entity, String name) {
        return entity.getAttributes().stream().map(WarehouseAttribute::getName).filter(n -> Names.same(n, name)).findFirst();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
