package io.loadsmith.entitytype;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

/**
 * A technical role of an attribute (SCD_ID, DV_HASHKEY, ...). Templates find attributes by it,
 * so it is referred to by name from default attributes and entity attributes.
 */
@Entity
@Table(name = "attribute_type")
public class AttributeType {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(nullable = false)
    private String name;

    @Column(name = "super_attribute_type")
    private String superAttributeType;

    private String description;

    @Version
    @Column(name = "row_version", nullable = false)
    private long version;

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
        this.name = newName;
        this.superAttributeType = newSuperAttributeType;
        this.description = newDescription;
    }

    public Long getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    public String getSuperAttributeType() {
        return superAttributeType;
    }

    public String getDescription() {
        return description;
    }

    public long getVersion() {
        return version;
    }
}
