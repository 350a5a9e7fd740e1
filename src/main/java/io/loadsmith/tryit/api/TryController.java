package io.loadsmith.tryit.api;

import java.util.List;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.tryit.TryPlan;
import io.loadsmith.tryit.TryResult;
import io.loadsmith.tryit.TryRunner;
import io.loadsmith.tryit.TryService;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;

/** "Try it" for tooling: a load's DuckDB SQL run on sample rows in the sandbox, batch after batch. */
@RestController
@RequestMapping("/api/v1/loads/{id}/try")
record TryController(TryService service) {

    @Operation(operationId = "tryPlanLoad", summary = "The tables a try of the load takes rows for, and its DuckDB statements")
    @GetMapping
    public TryPlan plan(@PathVariable long id, @RequestParam(required = false) String environment) {
        return service.plan(id, environment);
    }

    @Operation(operationId = "tryLoad", summary = "Runs the load's DuckDB SQL on the batches' rows in a sandbox",
            description = "A fresh in-memory DuckDB without file, network or extension access runs the batches in order."
                    + " Each batch answers the tables the load wrote, every row marked NEW, CLOSED, CHANGED, UNCHANGED or"
                    + " REMOVED. A statement DuckDB refuses ends the run: the batch's failure gives the step, the statement"
                    + " and DuckDB's message (200), as does a run past its total time (30 s) or an answer past its"
                    + " 4,000,000 characters of table cells. Unknown tables or columns, too many rows, more than 2,000,000"
                    + " characters of values in all batches: 400, with the field. Sandbox busy: 503. Bounds: docs/tryit.md.")
    @PostMapping
    public TryResult run(@PathVariable long id, @Valid @RequestBody TryRequest request) {
        List<TryRunner.Batch> batches = request.runBatches();
        return service.run(id, request.environment(), batches);
    }
}
