package io.loadsmith.load;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/** A row of load_attribute_mapping: a target attribute of the mapping at {@code mappingPosition} (1-based). */
@Embeddable
class StoredAttributeMapping {

    @Column(name = "mapping_position", nullable = false)
    private int mappingPosition;

    @Column(name = "target_attribute", nullable = false)
    private String targetAttribute;

    @Column(name = "transformation_type")
    private String transformationType;

    @Column(name = "custom_formula")
    private String customFormula;

    protected StoredAttributeMapping() {
        // for JPA
    }

    StoredAttributeMapping(int mappingPosition, String targetAttribute, String transformationType, String customFormula) {
        this.mappingPosition = mappingPosition;
        this.targetAttribute = targetAttribute;
        this.transformationType = transformationType;
        this.customFormula = customFormula;
    }

    int mappingPosition() {
        return mappingPosition;
    }

    String targetAttribute() {
        return targetAttribute;
    }

    String transformationType() {
        return transformationType;
    }

    String customFormula() {
        return customFormula;
    }
}
