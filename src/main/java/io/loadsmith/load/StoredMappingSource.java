package io.loadsmith.load;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/** A row of load_mapping_source: a source attribute of the attribute mapping at {@code attributePosition} (1-based). */
@Embeddable
class StoredMappingSource {

    @Column(name = "attribute_position", nullable = false)
    private int attributePosition;

    @Column(name = "source_attribute", nullable = false)
    private String sourceAttribute;

    protected StoredMappingSource() {
        // for JPA
    }

    StoredMappingSource(int attributePosition, String sourceAttribute) {
        this.attributePosition = attributePosition;
        this.sourceAttribute = sourceAttribute;
    }

    int attributePosition() {
        return attributePosition;
    }

    String sourceAttribute() {
        return sourceAttribute;
    }
}
