package io.loadsmith.entity;

import io.loadsmith.entitytype.AttributeShape;
import io.loadsmith.entitytype.ShapedAttribute;
import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.Embedded;

/** A column of a warehouse entity. Its position is its index in the entity's list. */
@Embeddable
public class WarehouseAttribute implements ShapedAttribute {

    @Column(nullable = false)
    private String name;

    @Embedded
    private AttributeShape shape;

    /** Written quoted in SQL so the engine keeps the name's case. */
    @Column(name = "case_sensitive", nullable = false)
    private boolean caseSensitive;

    /** The name before a rename (package JSON renamedFrom), so a migration renames the column. */
    @Column(name = "renamed_from")
    private String renamedFrom;

    protected WarehouseAttribute() {
        // for JPA
    }

    public WarehouseAttribute(String name, String datatype, Integer dataLength, Integer dataPrecision, Integer dataScale,
                              boolean nullable, String attributeType, String description) {
        this.name = name;
        this.shape = new AttributeShape(datatype, dataLength, dataPrecision, dataScale, nullable, attributeType,
                description);
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

    @Override
    public AttributeShape shape() {
        return shape;
    }
}
