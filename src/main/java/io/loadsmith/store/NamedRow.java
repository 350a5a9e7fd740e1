package io.loadsmith.store;

import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;

/**
 * A stored definition that people name and describe (types, templates, presets, environments):
 * the name is what lists sort by, what lookups use and what must be free ({@link NamedRowRepository}).
 */
@MappedSuperclass
public abstract class NamedRow extends StoredRow implements Named {

    @Column(nullable = false)
    private String name;

    private String description;

    protected NamedRow() {
        // for JPA
    }

    protected NamedRow(String name) {
        this.name = name;
    }

    protected void rename(String newName, String newDescription) {
        this.name = newName;
        this.description = newDescription;
    }

    @Override
    public String getName() {
        return name;
    }

    public String getDescription() {
        return description;
    }
}
