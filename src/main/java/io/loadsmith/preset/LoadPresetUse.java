package io.loadsmith.preset;

import io.loadsmith.entitytype.EntityType;
import io.loadsmith.entitytype.LoadType;
import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;

/** An entity type and load type that offer a preset: in which position, and whether it is their default. */
@Embeddable
public class LoadPresetUse {

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "entity_type_id", nullable = false)
    private EntityType entityType;

    @Enumerated(EnumType.STRING)
    @Column(name = "load_type", nullable = false)
    private LoadType loadType;

    @Column(nullable = false)
    private int position;

    @Column(name = "is_default", nullable = false)
    private boolean preferred;

    protected LoadPresetUse() {
        // for JPA
    }

    public LoadPresetUse(EntityType entityType, LoadType loadType, int position, boolean preferred) {
        this.entityType = entityType;
        this.loadType = loadType;
        this.position = position;
        this.preferred = preferred;
    }

    public EntityType getEntityType() {
        return entityType;
    }

    public LoadType getLoadType() {
        return loadType;
    }

    public int getPosition() {
        return position;
    }

    public boolean isPreferred() {
        return preferred;
    }
}
