package io.loadsmith.tryit;

import java.util.List;
import java.util.stream.Stream;

/**
 * What a try runs, worked out once per load: the tables to create (the entities' DuckDB DDL first),
 * the input tables that take sample rows each batch, and the load's DuckDB statements by step.
 */
public record TryPlan(String load, String target, List<String> setup, List<InputTable> inputs,
                      List<PlannedStatement> statements, TargetColumns targetColumns, List<String> notes) {

    public TryPlan {
        setup = List.copyOf(setup);
        inputs = List.copyOf(inputs);
        statements = List.copyOf(statements);
        notes = List.copyOf(notes);
    }

    /**
     * A table that takes rows: a source entity, another entity of the model the SQL reads, or a table
     * the model does not know, made up from the columns the SQL uses of it (VARCHAR).
     */
    public record InputTable(String name, Kind kind, List<Column> columns) {

        public enum Kind { SOURCE, ENTITY, REFERENCED }

        public InputTable {
            columns = List.copyOf(columns);
        }
    }

    public record Column(String name, String type) {
    }

    /**
     * One statement of the load; {@code note} says when the sandbox ran it differently from its text, and
     * {@code sessionTable} names the temporary table it creates as a regular one, dropped as each batch ends.
     */
    public record PlannedStatement(int step, String stepName, String sql, String note, String sessionTable) {
    }

    /** The target's technical columns that tell versions apart; each may be null. */
    public record TargetColumns(String scdId, String key, String validFrom, String validTo, String validityStatus,
                                String datahash) {

        /** Shown first: the key and its validity, so a key's versions read at a glance. */
        List<String> leading() {
            return Stream.of(key, validFrom, validTo, validityStatus).filter(c -> c != null).toList();
        }

        /** Shown last: the long hashes. */
        List<String> trailing() {
            return Stream.of(datahash, scdId).filter(c -> c != null).toList();
        }
    }

    public InputTable input(String name) {
        return inputs.stream().filter(t -> t.name().equalsIgnoreCase(name)).findFirst().orElse(null);
    }
}
