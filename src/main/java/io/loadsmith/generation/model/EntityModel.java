package io.loadsmith.generation.model;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * An entity as templates see it ({@code model.load.target}). Attributes are in position order.
 * {@code fullRefreshPolicy} is the entity's own full-refresh policy (deny, require_confirmation,
 * allow) or null for the project's.
 */
public record EntityModel(
        String name,
        String logicalName,
        String schema,
        String entityType,
        String physicalType,
        List<AttributeModel> attributes,
        String fullRefreshPolicy) {

    public EntityModel {
        attributes = List.copyOf(attributes);
    }

    /** An entity without its own full-refresh policy. */
    public EntityModel(String name, String logicalName, String schema, String entityType, String physicalType,
                       List<AttributeModel> attributes) {
        this(name, logicalName, schema, entityType, physicalType, attributes, null);
    }

    public String qualifiedName() {
        return schema + "." + name;
    }

    public EntityModel mapAttributes(UnaryOperator<AttributeModel> mapper) {
        return new EntityModel(name, logicalName, schema, entityType, physicalType,
                attributes.stream().map(mapper).toList(), fullRefreshPolicy);
    }
}
