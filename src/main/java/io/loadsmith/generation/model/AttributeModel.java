package io.loadsmith.generation.model;

/**
 * An attribute as templates see it ({@code attr.name}, {@code attr.attributeType}, ...).
 * {@code datatype} is the logical type (CHAR, INTEGER8, ...); {@code physicalDatatype} is the
 * target dialect's type with its length, e.g. {@code CHAR(32)}, filled in per dialect by the
 * generator (null in a dialect-neutral model).
 * <p>
 * {@code name} is the name as written in the model (for messages, literals and matching);
 * {@code sqlName} is the column as SQL must write it in the target dialect: the name between the
 * dialect's identifier quotes when {@code caseSensitive}, else exactly {@code name}. A
 * dialect-neutral model has {@code sqlName} equal to {@code name}.
 */
public record AttributeModel(
        String name,
        String attributeType,
        String datatype,
        Integer dataLength,
        Integer dataPrecision,
        Integer dataScale,
        boolean nullable,
        String physicalDatatype,
        String description,
        boolean caseSensitive,
        String sqlName) {

    public AttributeModel {
        if (sqlName == null) {
            sqlName = name;
        }
    }

    /** A case-insensitive attribute: SQL writes its name as it stands. */
    public AttributeModel(String name, String attributeType, String datatype, Integer dataLength, Integer dataPrecision,
                          Integer dataScale, boolean nullable, String physicalDatatype, String description) {
        this(name, attributeType, datatype, dataLength, dataPrecision, dataScale, nullable, physicalDatatype,
                description, false, name);
    }

    public AttributeModel withPhysicalDatatype(String physical) {
        return new AttributeModel(name, attributeType, datatype, dataLength, dataPrecision, dataScale,
                nullable, physical, description, caseSensitive, sqlName);
    }

    public AttributeModel withSqlName(String sql) {
        return new AttributeModel(name, attributeType, datatype, dataLength, dataPrecision, dataScale,
                nullable, physicalDatatype, description, caseSensitive, sql);
    }

    public AttributeModel withCaseSensitive(boolean sensitive) {
        return new AttributeModel(name, attributeType, datatype, dataLength, dataPrecision, dataScale,
                nullable, physicalDatatype, description, sensitive, sqlName);
    }
}
