package io.loadsmith.packageregistry;

import io.loadsmith.store.NamedRow;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.MappedSuperclass;

/** A named definition that may belong to a package, which exports and imports it with the rest. */
@MappedSuperclass
public abstract class PackagedRow extends NamedRow {

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "package_id")
    private MetadataPackage metadataPackage;

    protected PackagedRow() {
        // for JPA
    }

    protected PackagedRow(String name) {
        super(name);
    }

    protected void rename(String newName, String newDescription, MetadataPackage inPackage) {
        rename(newName, newDescription);
        this.metadataPackage = inPackage;
    }

    public MetadataPackage getMetadataPackage() {
        return metadataPackage;
    }
}
