package io.loadsmith.generation.model;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * An entity mapping of a load ({@code model.load.mappings[i]}): a source entity (type {@code SOURCE},
 * or {@code REFERENCE} for a lookup) and the target attributes it feeds, in target position order.
 * Immutable, like the rest of the template model.
 */
public record MappingModel(
        String name,
        String mappingType,
        int position,
        EntityModel sourceEntity,
        List<AttributeMappingModel> attributeMappings) {

    public MappingModel {
        attributeMappings = List.copyOf(attributeMappings);
    }

    /** The mapping with its source entity mapped, and its attributes taken from the mapped source and target. */
    MappingModel mapEntities(UnaryOperator<EntityModel> mapper, EntityModel mappedTarget) {
        EntityModel source = mapper.apply(sourceEntity);
        Map<String, AttributeModel> targets = byName(mappedTarget);
        Map<String, AttributeModel> sources = byName(source);
        return new MappingModel(name, mappingType, position, source,
                attributeMappings.stream().map(m -> m.relink(targets, sources)).toList());
    }

    private static Map<String, AttributeModel> byName(EntityModel entity) {
        return entity.attributes().stream()
                .collect(Collectors.toMap(AttributeModel::name, Function.identity(), (a, b) -> a));
    }
}
