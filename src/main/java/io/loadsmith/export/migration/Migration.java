package io.loadsmith.export.migration;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The migration of a package from one version to another for a dialect: the plan (each change,
 * destructive or not), the steps the dialect runs, and their SQL joined in run order (empty when
 * nothing changes).
 */
@JsonPropertyOrder({"packageName", "from", "to", "dialect", "destructive", "changes", "steps", "sql"})
public record Migration(String packageName, String from, String to, String dialect, List<MigrationChange> changes,
                        List<MigrationStep> steps, String sql) {

    public Migration {
        changes = List.copyOf(changes);
        steps = List.copyOf(steps);
    }

    @JsonProperty
    public boolean destructive() {
        return changes.stream().anyMatch(MigrationChange::destructive);
    }

    @JsonIgnore
    public boolean isEmpty() {
        return changes.isEmpty();
    }
}
