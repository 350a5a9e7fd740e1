package io.loadsmith.tryit;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;

/** What a try did: per batch, the tables after it with each row marked by what the batch did to it. */
public record TryResult(
        String load,
        String dialect,
        @Schema(description = "The tables that take sample rows, with their DuckDB columns")
        List<TryPlan.InputTable> inputs,
        @Schema(description = "What the sandbox did differently from the SQL's text, and tables it could not create")
        List<String> notes,
        @Schema(description = "A failure before the first batch (creating the tables)")
        Failure setupFailure,
        List<BatchResult> batches) {

    /** One batch: the tables the load wrote (the target first) and, if a statement failed, where and why. */
    public record BatchResult(int number, Failure failure, List<TableResult> tables) {
    }

    /**
     * Where a run stopped: the step (null for sample rows), the statement and DuckDB's message; in a model's run
     * also the load whose statement it was (null otherwise).
     */
    public record Failure(Integer step, String stepName, String statement, String message, String load) {

        public Failure(Integer step, String stepName, String statement, String message) {
            this(step, stepName, statement, message, null);
        }
    }

    public record TableResult(String name, boolean target, List<String> columns, List<Row> rows, Counts counts) {
    }

    public record Row(Change change, List<String> values) {
    }

    /**
     * NEW: not there before the batch; CLOSED: a version the batch ended (its validity changed);
     * CHANGED: another change to a row with the same version key; UNCHANGED; REMOVED: gone after the batch.
     */
    public enum Change { NEW, CLOSED, CHANGED, UNCHANGED, REMOVED }

    public record Counts(int newRows, int closed, int changed, int unchanged, int removed) {
    }

    /** The last batch's failure, if the run stopped. */
    public Failure failure() {
        if (setupFailure != null) {
            return setupFailure;
        }
        return batches.isEmpty() ? null : batches.get(batches.size() - 1).failure();
    }
}
