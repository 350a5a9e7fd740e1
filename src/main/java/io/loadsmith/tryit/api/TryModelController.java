package io.loadsmith.tryit.api;

import java.util.List;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.LoadService;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.tryit.TryModelPlan;
import io.loadsmith.tryit.TryResult;
import io.loadsmith.tryit.TryRunner;
import io.loadsmith.tryit.TryService;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;

/** "Try the model": a package's loads run together on sample rows of its root tables, batch after batch. */
@RestController
@RequestMapping("/api/v1/packages/{id}/try")
public record TryModelController(TryService service, MetadataPackageService packages, LoadService loads) {

    @Operation(operationId = "tryPlanModel", summary = "The package's loads in run order and the root tables a try of"
            + " the whole model takes rows for",
            description = "Root tables are those no load of the package writes. A cycle between loads, or a load without"
                    + " DuckDB SQL: 400, field loads.")
    @GetMapping
    public TryModelPlan plan(@PathVariable long id, @RequestParam(required = false) String environment) {
        PackageResponse pkg = packages.get(id);
        return service.planModel(name(pkg), loadIds(pkg), environment);
    }

    @Operation(operationId = "tryModel", summary = "Runs every load of the package on the batches' rows in a sandbox",
            description = "Each batch replaces the rows of the root tables, then runs every load's DuckDB SQL in run order"
                    + " (each load in a session of its own) and answers every table the loads wrote, each row marked NEW,"
                    + " CLOSED, CHANGED, UNCHANGED or REMOVED against the batch before. A statement DuckDB refuses ends"
                    + " the run: the batch's failure names the load, the step and the statement (200). A table that is"
                    + " not a root table, unknown columns, too many rows or characters: 400, with the field. The same"
                    + " sandbox and bounds as a load's try (docs/tryit.md); busy: 503.")
    @PostMapping
    public TryResult run(@PathVariable long id, @Valid @RequestBody TryRequest request) {
        PackageResponse pkg = packages.get(id);
        List<TryRunner.Batch> batches = request.runBatches();
        return service.runModel(name(pkg), loadIds(pkg), request.environment(), batches);
    }

    private static String name(PackageResponse pkg) {
        return "Package '" + pkg.name() + "'";
    }

    private List<Long> loadIds(PackageResponse pkg) {
        return loads.ofPackage(pkg.name()).stream().map(LoadResponse::id).toList();
    }
}
