package io.loadsmith.export.migration;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What one dialect runs for one or more changes: usually one change in place, or a REBUILD of a
 * table that carries all the column changes of that table the dialect cannot make with ALTER TABLE.
 */
@JsonPropertyOrder({"number", "kind", "entity", "destructive", "changes", "sql"})
public record MigrationStep(int number, ChangeKind kind, String entity, boolean destructive,
                            List<String> changes, String sql) {

    public MigrationStep {
        changes = List.copyOf(changes);
    }
}
