package io.loadsmith.generation.model;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * An entity as templates see it ({@code model.load.target}). Attributes are in position order.
 * {@code fullRefreshPolicy} is the entity's own full-refresh policy (deny, require_confirmation,
 * allow) or null for the project's.
 * <p>
 * {@code name} is the table name as written in the model; {@code sqlName} is the table as SQL
 * must write it in the target dialect (quoted when {@code caseSensitive}, else exactly
 * {@code name}), and {@code sqlQualifiedName} is {@code schema.sqlName}.
 */
public record EntityModel(
        String name,
        String logicalName,
        String schema,
        String entityType,
        String physicalType,
        List<AttributeModel> attributes,
        String fullRefreshPolicy,
        boolean caseSensitive,
        String sqlName) {

    public EntityModel {
        attributes = List.copyOf(attributes);
        if (sqlName == null) {
            sqlName = name;
        }
    }

    /** A case-insensitive entity: SQL writes its name as it stands. */
    public EntityModel(String name, String logicalName, String schema, String entityType, String physicalType,
                       List<AttributeModel> attributes, String fullRefreshPolicy) {
        this(name, logicalName, schema, entityType, physicalType, attributes, fullRefreshPolicy, false, name);
    }

    /** An entity without its own full-refresh policy. */
    public EntityModel(String name, String logicalName, String schema, String entityType, String physicalType,
                       List<AttributeModel> attributes) {
        this(name, logicalName, schema, entityType, physicalType, attributes, null);
    }

    public String qualifiedName() {
        return schema + "." + name;
    }

    /** The table as SQL writes it: schema.table with the table in its SQL form. */
    public String sqlQualifiedName() {
        return schema + "." + sqlName;
    }

    public EntityModel mapAttributes(UnaryOperator<AttributeModel> mapper) {
        return new EntityModel(name, logicalName, schema, entityType, physicalType,
                attributes.stream().map(mapper).toList(), fullRefreshPolicy, caseSensitive, sqlName);
    }

    public EntityModel withSqlName(String sql) {
        return new EntityModel(name, logicalName, schema, entityType, physicalType, attributes, fullRefreshPolicy,
                caseSensitive, sql);
    }

    public EntityModel withCaseSensitive(boolean sensitive) {
        return new EntityModel(name, logicalName, schema, entityType, physicalType, attributes, fullRefreshPolicy,
                sensitive, sqlName);
    }
}
