package io.loadsmith.generation.model;

import java.util.List;
import java.util.function.UnaryOperator;

/** An entity as templates see it ({@code model.load.target}). Attributes are in position order. */
public record EntityModel(
        String name,
        String logicalName,
        String schema,
        String entityType,
        String physicalType,
        List<AttributeModel> attributes) {

    public EntityModel {
        attributes = List.copyOf(attributes);
    }

    public String qualifiedName() {
        return schema + "." + name;
    }

    public EntityModel mapAttributes(UnaryOperator<AttributeModel> mapper) {
        return new EntityModel(name, logicalName, schema, entityType, physicalType,
                attributes.stream().map(mapper).toList());
    }
}
