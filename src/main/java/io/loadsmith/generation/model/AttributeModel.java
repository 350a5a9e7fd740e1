package io.loadsmith.generation.model;

/**
 * An attribute as templates see it ({@code attr.name}, {@code attr.attributeType}, ...).
 * {@code datatype} is the logical type (CHAR, INTEGER8, ...); {@code physicalDatatype} is the
 * target dialect's type with its length, e.g. {@code CHAR(32)}, filled in per dialect by the
 * generator (null in a dialect-neutral model).
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
        String description) {

    public AttributeModel withPhysicalDatatype(String physical) {
        return new AttributeModel(name, attributeType, datatype, dataLength, dataPrecision, dataScale,
                nullable, physical, description);
    }
}
