package io.loadsmith.generation.context;

/**
 * An attribute as transformation formulas see it. The names are the commercial tool's variable
 * contract ({@code attributeName}, {@code datatype}, {@code dataLength}, ...), so its users'
 * formulas render unchanged. {@code sqlName} is the column as SQL writes it (quoted when the
 * attribute is case-sensitive); the library's formulas write that, {@code attributeName} stays the plain name.
 * Public only because FreeMarker reads the accessors by reflection, which a package-private class refuses.
 */
public record FormulaAttribute(
        String attributeName,
        String datatype,
        Integer dataLength,
        Integer dataPrecision,
        Integer dataScale,
        String attributeType,
        String physicalDatatype,
        String sqlName) {

    public FormulaAttribute {
        if (sqlName == null) {
            sqlName = attributeName;
        }
    }

    /** A formula attribute whose SQL form is its name. */
    public FormulaAttribute(String attributeName, String datatype, Integer dataLength, Integer dataPrecision,
                            Integer dataScale, String attributeType, String physicalDatatype) {
        this(attributeName, datatype, dataLength, dataPrecision, dataScale, attributeType, physicalDatatype,
                attributeName);
    }
}
