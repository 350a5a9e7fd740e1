package io.loadsmith.store;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import io.loadsmith.generation.StoreChanges;

/**
 * Announces (StoreChanges) that a stored template, formula or datatype mapping changed, so that
 * FreeMarker's parsed templates and the store caches are dropped. It runs after commit: evicting
 * earlier would let a concurrent generation cache the old text again before the new one is
 * visible. For the other instances sharing the store the transaction also increments the store's
 * revision ({@link StoreRevision}), once, just before it commits: its row lock is then held only
 * for the commit, so a package import that changes many templates neither holds it while it works
 * nor waits for another change's rows while holding it.
 */
@Component
public class TemplateCacheEviction {

    private final StoreChanges changes;
    private final StoreRevision revision;

    public TemplateCacheEviction(StoreChanges changes, StoreRevision revision) {
        this.changes = changes;
        this.revision = revision;
    }

    /**
     * The current transaction changed a template, formula or datatype mapping: the revision is
     * incremented as it commits and the caches are dropped after it (at once without a transaction).
     */
    public void changed() {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            revision.increment();
            changes.changed();
            return;
        }
        boolean registered = TransactionSynchronizationManager.getSynchronizations().stream()
                .anyMatch(s -> s instanceof Announcement a && a.owner() == this);
        if (!registered) {
            TransactionSynchronizationManager.registerSynchronization(new Announcement(this));
        }
    }

    /** One per transaction, however many changes it makes. */
    private record Announcement(TemplateCacheEviction owner) implements TransactionSynchronization {

        @Override
        public void beforeCommit(boolean readOnly) {
            owner.revision.increment();
        }

        @Override
        public void afterCommit() {
            owner.changes.changed();
        }
    }
}
