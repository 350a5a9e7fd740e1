package io.loadsmith.load;

import io.loadsmith.entity.WarehouseEntity;
import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;

/** A row of load_mapping: one entity mapping of a load, its position the list index. */
@Embeddable
class StoredMapping {

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "source_entity_id", nullable = false)
    private WarehouseEntity source;

    @Column(name = "mapping_type", nullable = false)
    private String mappingType;

    private String name;

    protected StoredMapping() {
        // for JPA
    }

    StoredMapping(WarehouseEntity source, String mappingType, String name) {
        this.source = source;
        this.mappingType = mappingType;
        this.name = name;
    }

    WarehouseEntity source() {
        return source;
    }

    String mappingType() {
        return mappingType;
    }

    String name() {
        return name;
    }
}
