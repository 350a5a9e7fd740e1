package io.loadsmith.template;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import io.loadsmith.generation.FreemarkerEngine;

/**
 * Clears FreeMarker's parsed-template cache when a stored template, formula or datatype mapping
 * changes. It runs after commit: evicting earlier would let a concurrent generation cache the old
 * text again before the new one is visible.
 */
@Component
public class TemplateCacheEviction {

    private final FreemarkerEngine engine;

    public TemplateCacheEviction(FreemarkerEngine engine) {
        this.engine = engine;
    }

    public void afterCommit() {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    engine.invalidate();
                }
            });
        } else {
            engine.invalidate();
        }
    }
}
