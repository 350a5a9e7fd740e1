package io.loadsmith.store;

import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.hibernate.Interceptor;
import org.hibernate.Transaction;
import org.hibernate.resource.jdbc.spi.StatementInspector;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import io.loadsmith.generation.StoreCache;
import io.loadsmith.generation.StoreChanges;

/**
 * The store's revision of loads and entities (row 2 of {@code store_revision}, V19), beside the one of
 * templates (row 1, {@link StoreRevision}), so that what is read of a stored load can be kept in memory
 * ({@link #cache}) without a load's save dropping the parsed templates, nor a template's the loads.
 * <p>
 * No service has to announce a change: every statement Hibernate prepares passes here
 * ({@link StatementInspector}), and one that writes a table a stored load is read from marks its
 * transaction. Hibernate's own commit then, after its last flush and just before the commit, increments
 * the revision ({@link Interceptor#beforeTransactionCompletion}): its row lock is held only for the
 * commit, after every other lock the transaction takes, so two writers cannot wait on each other
 * through it. This instance drops what it keeps once the transaction is over; the others when they
 * next look at the revision, at most every {@code loadsmith.store.revision-check-interval}.
 */
@Component
public class ModelRevision implements StatementInspector, Interceptor {

    /** What a stored load is read from (StoredLoadReader's statement): a write to any of them is a change. */
    static final Set<String> TABLES = Set.of("entity_load", "load_source", "load_step", "load_option", "load_mapping",
            "load_attribute_mapping", "load_mapping_source", "dw_entity", "dw_attribute", "entity_type");

    private static final Pattern WRITE = Pattern.compile("^\\s*(?:insert\\s+into|update|delete\\s+from|merge\\s+into)\\s+\"?(\\w+)",
            Pattern.CASE_INSENSITIVE);

    private final StoreChanges changes = new StoreChanges();
    private final JdbcTemplate jdbc;

    ModelRevision(JdbcTemplate jdbc, @Value("${loadsmith.store.revision-check-interval:100ms}") Duration interval) {
        this.jdbc = jdbc;
        changes.revisionFrom(this::read, interval);
    }

    /** Values read from stored loads and entities, dropped when one of them changes (here at once, elsewhere after the interval). */
    public <K, V> StoreCache<K, V> cache(int limit) {
        return new StoreCache<>(changes, limit);
    }

    @Override
    public String inspect(String sql) {
        if (writesALoad(sql)) {
            changed();
        }
        return sql;
    }

    static boolean writesALoad(String sql) {
        int first = 0;
        while (first < sql.length() && Character.isWhitespace(sql.charAt(first))) {
            first++;
        }
        // Most statements are selects: the pattern only for what may be a write.
        char c = first < sql.length() ? Character.toLowerCase(sql.charAt(first)) : ' ';
        if (c != 'i' && c != 'u' && c != 'd' && c != 'm') {
            return false;
        }
        Matcher write = WRITE.matcher(sql);
        return write.find() && TABLES.contains(write.group(1).toLowerCase(Locale.ROOT));
    }

    private void changed() {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            increment();
            changes.changed(read());
            return;
        }
        if (marker() == null) {
            TransactionSynchronizationManager.registerSynchronization(new Changed(this));
        }
    }

    @Override
    public void beforeTransactionCompletion(Transaction tx) {
        // Hibernate logs and goes on when this throws: an increment that failed leaves the others
        // behind until the next change, not this transaction undone.
        Changed changed = TransactionSynchronizationManager.isSynchronizationActive() ? marker() : null;
        if (changed != null && !changed.incremented) {
            changed.incremented = true;
            increment();
            // Read under the row lock just taken: this transaction's revision, known once it commits.
            changed.revision = read();
        }
    }

    private Changed marker() {
        for (TransactionSynchronization s : TransactionSynchronizationManager.getSynchronizations()) {
            if (s instanceof Changed c && c.owner == this) {
                return c;
            }
        }
        return null;
    }

    private void increment() {
        if (jdbc.update("UPDATE store_revision SET revision = revision + 1 WHERE id = 2") == 0) {
            jdbc.update("INSERT INTO store_revision (id, revision) VALUES (2, 1)");
        }
    }

    private long read() {
        Long revision = jdbc.query("SELECT revision FROM store_revision WHERE id = 2",
                rs -> rs.next() ? rs.getLong(1) : null);
        return revision == null ? 0 : revision;
    }

    /** One per transaction that wrote a load or entity; a rolled-back one drops the cache too, which is harmless. */
    private static final class Changed implements TransactionSynchronization {

        private final ModelRevision owner;
        private boolean incremented;
        private Long revision;

        Changed(ModelRevision owner) {
            this.owner = owner;
        }

        @Override
        public void afterCompletion(int status) {
            if (status == STATUS_COMMITTED && revision != null) {
                owner.changes.changed(revision);
            } else {
                owner.changes.changed();
            }
        }
    }
}
