package io.loadsmith.store;

import jakarta.persistence.Column;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Version;

/**
 * What every stored definition has: an id the store generates and the row version that optimistic
 * locking checks ({@code row_version}), so that a stale edit is refused rather than overwriting.
 */
@MappedSuperclass
public abstract class StoredRow {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Version
    @Column(name = "row_version", nullable = false)
    private long version;

    public Long getId() {
        return id;
    }

    public long getVersion() {
        return version;
    }
}
