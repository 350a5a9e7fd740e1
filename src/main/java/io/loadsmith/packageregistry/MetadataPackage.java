package io.loadsmith.packageregistry;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import io.loadsmith.store.Named;
import io.loadsmith.store.StampedRow;

/** A configuration or entity package: a named group of model objects that is exported and imported together. */
@Entity
@Table(name = "metadata_package")
public class MetadataPackage extends StampedRow implements Named {

    @Column(nullable = false)
    private String name;

    private String description;

    protected MetadataPackage() {
        // for JPA
    }

    public MetadataPackage(String name, String description) {
        change(name, description);
    }

    public void change(String newName, String newDescription) {
        this.name = newName;
        this.description = newDescription;
    }

    public String getName() {
        return name;
    }

    public String getDescription() {
        return description;
    }

}
