package io.loadsmith.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/** A column of a warehouse entity. Its position is its index in the entity's list. */
@Embeddable
public class WarehouseAttribute {

    @Column(nullable = false)
    private String name;

    @Column(nullable = false)
    private String datatype;

    @Column(name = "data_length")
    private Integer dataLength;

    @Column(name = "data_precision")
    private Integer dataPrecision;

    @Column(name = "data_scale")
    private Integer dataScale;

    @Column(nullable = false)
    private boolean nullable;

    @Column(name = "attribute_type")
    private String attributeType;

    private String description;

    /** The name before a rename (package JSON renamedFrom), so a migration renames the column. */
    /** Written quoted in SQL so the engine keeps the name's case. */
    @Column(name = "case_sensitive", nullable = false)
    private boolean caseSensitive;

    @Column(name = "renamed_from")
    private String renamedFrom;

    protected WarehouseAttribute() {
        // for JPA
    }

    public WarehouseAttribute(String name, String datatype, Integer dataLength, Integer dataPrecision, Integer dataScale,
                              boolean nullable, String attributeType, String description) {
        this.name = name;
        this.datatype = datatype;
        this.dataLength = dataLength;
        this.dataPrecision = dataPrecision;
        this.dataScale = dataScale;
        this.nullable = nullable;
        this.attributeType = attributeType;
        this.description = description;
    }

    public WarehouseAttribute(String name, String datatype, Integer dataLength, Integer dataPrecision, Integer dataScale,
                              boolean nullable, String attributeType, String description, String renamedFrom) {
        this(name, datatype, dataLength, dataPrecision, dataScale, nullable, attributeType, description);
        this.renamedFrom = renamedFrom;
    }

    public WarehouseAttribute(String name, String datatype, Integer dataLength, Integer dataPrecision, Integer dataScale,
                              boolean nullable, String attributeType, String description, String renamedFrom,
                              boolean caseSensitive) {
        this(name, datatype, dataLength, dataPrecision, dataScale, nullable, attributeType, description, renamedFrom);
        this.caseSensitive = caseSensitive;
    }

    public boolean isCaseSensitive() {
        return caseSensitive;
    }

    public String getRenamedFrom() {
        return renamedFrom;
    }

    public String getName() {
        return name;
    }

    public String getDatatype() {
        return datatype;
    }

    public Integer getDataLength() {
        return dataLength;
    }

    public Integer getDataPrecision() {
        return dataPrecision;
    }

    public Integer getDataScale() {
        return dataScale;
    }

    public boolean isNullable() {
        return nullable;
    }

    public String getAttributeType() {
        return attributeType;
    }

    public String getDescription() {
        return description;
    }
}
