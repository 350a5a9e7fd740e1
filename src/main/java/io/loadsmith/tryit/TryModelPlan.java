package io.loadsmith.tryit;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnore;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What a try of a whole model runs: its loads in run order, the root tables (those no load of the model
 * writes) that take sample rows each batch, and the targets shown after each batch.
 */
public record TryModelPlan(
        String name,
        @Schema(description = "The loads in the order each batch runs them: a load after the loads that fill what it reads")
        List<ModelLoad> loads,
        @Schema(description = "The root tables, which take the batches' rows, with their DuckDB columns")
        List<TryPlan.InputTable> inputs,
        @Schema(description = "The tables the loads write, in run order")
        List<String> targets,
        @Schema(description = "What the sandbox does differently from the SQL's text, by load")
        List<String> notes,
        @JsonIgnore TryPlan plan) {

    public TryModelPlan {
        loads = List.copyOf(loads);
        inputs = List.copyOf(inputs);
        targets = List.copyOf(targets);
        notes = List.copyOf(notes);
    }

    /** A load of the model and how many DuckDB statements it runs per batch. */
    public record ModelLoad(long id, String name, String target, int statements) {
    }

    public TryPlan.InputTable input(String table) {
        return plan.input(table);
    }
}
