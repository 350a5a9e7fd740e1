package io.loadsmith.store;

import java.time.Duration;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import io.loadsmith.generation.StoreChanges;

/**
 * The store's revision of what generation keeps in memory (V14, row 1; row 2 is {@link ModelRevision}'s): incremented in the transaction of
 * every change to a template, formula or datatype mapping, and read by {@link StoreChanges} so that
 * instances sharing a PostgreSQL store see each other's changes. {@code loadsmith.store.revision-check-interval}
 * bounds how long a generation that reads no stored load (a draft, DDL) may go on with
 * what it holds; a stored load's own read carries the revision (StoredLoadReader).
 */
@Component
class StoreRevision {

    private final JdbcTemplate jdbc;

    StoreRevision(JdbcTemplate jdbc, StoreChanges changes,
                  @Value("${loadsmith.store.revision-check-interval:100ms}") Duration interval) {
        this.jdbc = jdbc;
        changes.revisionFrom(this::read, interval);
    }

    /** In the caller's transaction: another instance sees the new revision when it can see the change. */
    void increment() {
        if (jdbc.update("UPDATE store_revision SET revision = revision + 1 WHERE id = 1") == 0) {
            jdbc.update("INSERT INTO store_revision (id, revision) VALUES (1, 1)");
        }
    }

    private long read() {
        Long revision = jdbc.queryForObject("SELECT MAX(revision) FROM store_revision WHERE id = 1", Long.class);
        return revision == null ? 0 : revision;
    }
}
