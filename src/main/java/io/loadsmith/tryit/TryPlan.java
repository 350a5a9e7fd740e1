package io.loadsmith.tryit;

import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * What a try runs, worked out once per load (or once per model, {@link ModelPlanner}): the tables to
 * create (the entities' DuckDB DDL first), the input tables that take sample rows each batch, and the
 * loads' DuckDB statements by step. {@code targets} are the tables shown first, with their version
 * columns: a load's target, or every target of a model in run order ({@code target} is the first).
 * {@code runChecks}: a load's checks that a model's run executes before its first write (rule 17 for the
 * whole run), as in the SQL package's checks file; a load tried alone runs them as its own statements. Not
 * part of the answer: a model's plan has them among its statements already.
 */
public record TryPlan(String load, String target, List<String> setup, List<InputTable> inputs,
                      List<PlannedStatement> statements, TargetColumns targetColumns, List<String> notes,
                      List<Target> targets, @JsonIgnore List<String> runChecks) {

    public TryPlan {
        setup = List.copyOf(setup);
        inputs = List.copyOf(inputs);
        statements = List.copyOf(statements);
        notes = List.copyOf(notes);
        targets = targets == null || targets.isEmpty() ? List.of(new Target(target, targetColumns)) : List.copyOf(targets);
        runChecks = runChecks == null ? List.of() : List.copyOf(runChecks);
    }

    /** Without run checks. */
    public TryPlan(String load, String target, List<String> setup, List<InputTable> inputs,
                   List<PlannedStatement> statements, TargetColumns targetColumns, List<String> notes,
                   List<Target> targets) {
        this(load, target, setup, inputs, statements, targetColumns, notes, targets, List.of());
    }

    /** A plan of one load: its target is the one target. */
    public TryPlan(String load, String target, List<String> setup, List<InputTable> inputs,
                   List<PlannedStatement> statements, TargetColumns targetColumns, List<String> notes) {
        this(load, target, setup, inputs, statements, targetColumns, notes, List.of());
    }

    /** A table a load of the plan writes, and its columns that tell versions apart. */
    public record Target(String name, TargetColumns columns) {
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
     * {@code sessionTable} names the temporary table it creates as a regular one, dropped as the load's session
     * ends. {@code load} names the load in a model's plan (null in a plan of one load).
     */
    public record PlannedStatement(int step, String stepName, String sql, String note, String sessionTable, String load) {

        public PlannedStatement(int step, String stepName, String sql, String note, String sessionTable) {
            this(step, stepName, sql, note, sessionTable, null);
        }

        PlannedStatement ofLoad(String name) {
            return new PlannedStatement(step, stepName, sql, note, sessionTable, name);
        }
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

    /** The target table of that name, or null. */
    public Target target(String name) {
        return targets.stream().filter(t -> t.name().equalsIgnoreCase(name)).findFirst().orElse(null);
    }

    public InputTable input(String name) {
        return inputs.stream().filter(t -> t.name().equalsIgnoreCase(name)).findFirst().orElse(null);
    }
}
