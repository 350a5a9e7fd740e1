package io.loadsmith.entitytype;

import java.util.Objects;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;

/** A load type that an entity type allows for one physical type (the format's entityTypeDefaultLoadTypes). */
@Embeddable
public class EntityTypeLoadType {

    @Enumerated(EnumType.STRING)
    @Column(name = "physical_type", nullable = false)
    private PhysicalType physicalType;

    @Enumerated(EnumType.STRING)
    @Column(name = "load_type", nullable = false)
    private LoadType loadType;

    protected EntityTypeLoadType() {
        // for JPA
    }

    public EntityTypeLoadType(PhysicalType physicalType, LoadType loadType) {
        this.physicalType = physicalType;
        this.loadType = loadType;
    }

    public PhysicalType getPhysicalType() {
        return physicalType;
    }

    public LoadType getLoadType() {
        return loadType;
    }

    // Kept in a Set: equal by value, so that an unchanged pair is not deleted and inserted again.
    @Override
    public boolean equals(Object other) {
        return other instanceof EntityTypeLoadType o && physicalType == o.physicalType && loadType == o.loadType;
    }

    @Override
    public int hashCode() {
        return Objects.hash(physicalType, loadType);
    }
}
