package io.loadsmith.entitytype;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;

/** A default attribute in an entity type's ordered list, with the transformation that fills it, if any. */
@Embeddable
public class EntityTypeDefaultAttribute {

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "default_attribute_id", nullable = false)
    private DefaultAttribute defaultAttribute;

    @Column(name = "transformation_type")
    private String transformationType;

    protected EntityTypeDefaultAttribute() {
        // for JPA
    }

    public EntityTypeDefaultAttribute(DefaultAttribute defaultAttribute, String transformationType) {
        this.defaultAttribute = defaultAttribute;
        this.transformationType = transformationType;
    }

    public DefaultAttribute getDefaultAttribute() {
        return defaultAttribute;
    }

    public String getTransformationType() {
        return transformationType;
    }
}
