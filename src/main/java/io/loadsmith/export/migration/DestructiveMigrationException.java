package io.loadsmith.export.migration;

import java.util.List;

/**
 * The migration would lose data and the caller did not allow it: lists every destructive change
 * and how to allow them, like the full-refresh policy's refusal.
 */
public class DestructiveMigrationException extends RuntimeException {

    private final List<MigrationChange> changes;

    public DestructiveMigrationException(String from, String to, List<MigrationChange> changes) {
        super("The migration from " + from + " to " + to + " has " + changes.size() + " destructive change"
                + (changes.size() == 1 ? "" : "s") + ": "
                + String.join("; ", changes.stream().map(c -> c.description() + " (" + c.reason() + ")").toList())
                + ". Allow them with allowDestructive=true (API) or --allow-destructive (command line).");
        this.changes = List.copyOf(changes);
    }

    public List<MigrationChange> changes() {
        return changes;
    }
}
