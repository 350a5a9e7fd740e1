package io.loadsmith.generation;

/**
 * An attribute as transformation formulas see it. The names are the commercial tool's variable
 * contract ({@code attributeName}, {@code datatype}, {@code dataLength}, ...), so its users'
 * formulas render unchanged.
 */
public record FormulaAttribute(
        String attributeName,
        String datatype,
        Integer dataLength,
        Integer dataPrecision,
        Integer dataScale,
        String attributeType,
        String physicalDatatype) {
}
