package io.loadsmith.entitytype;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import io.loadsmith.store.NamedRow;

/**
 * A technical role of an attribute (SCD_ID, DV_HASHKEY, ...). Templates find attributes by it,
 * so it is referred to by name from default attributes and entity attributes.
 */
@Entity
@Table(name = "attribute_type")
public class AttributeType extends NamedRow {

    @Column(name = "super_attribute_type")
    private String superAttributeType;

    protected AttributeType() {
        // for JPA
    }

    public AttributeType(String name, String superAttributeType, String description) {
        change(name, superAttributeType, description);
    }

    public void change(String newName, String newSuperAttributeType, String newDescription) {
        if (newName.equals(newSuperAttributeType)) {
            throw new IllegalArgumentException("An attribute type cannot be its own super type");
        }
        rename(newName, newDescription);
        this.superAttributeType = newSuperAttributeType;
    }

    public String getSuperAttributeType() {
        return superAttributeType;
    }

}
