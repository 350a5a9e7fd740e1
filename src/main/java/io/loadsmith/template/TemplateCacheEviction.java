package io.loadsmith.template;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import io.loadsmith.generation.StoreChanges;

/**
 * Announces (StoreChanges) that a stored template, formula or datatype mapping changed, so that
 * FreeMarker's parsed templates and the store caches are dropped. It runs after commit: evicting earlier would let a concurrent generation cache the old
 * text again before the new one is visible. The store's revision is incremented in the transaction
 * itself, for the other instances sharing the store ({@link StoreRevision}).
 */
@Component
public class TemplateCacheEviction {

    private final StoreChanges changes;
    private final StoreRevision revision;

    public TemplateCacheEviction(StoreChanges changes, StoreRevision revision) {
        this.changes = changes;
        this.revision = revision;
    }

    public void afterCommit() {
        revision.increment();
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    changes.changed();
                }
            });
        } else {
            changes.changed();
        }
    }
}
