package io.loadsmith.tryit;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.springframework.stereotype.Service;

/** A try of a load: plan it (with the columns the batches name), check sample rows, and run the batches. */
@Service
public class TryService {

    private final TryPlanner planner;
    private final TryRunner runner;
    private final Sandbox sandbox;

    public TryService(TryPlanner planner, TryRunner runner, Sandbox sandbox) {
        this.planner = planner;
        this.runner = runner;
        this.sandbox = sandbox;
    }

    public TryPlan plan(long loadId, String environment) {
        return planner.plan(loadId, environment, Map.of());
    }

    /**
     * The first of {@code rows} (values in the table's column order) that does not fit the column types,
     * as "row R, column C: 'v' is not of type T …", or null when all fit.
     *
     * @throws SandboxRefusal when the sandbox is busy
     */
    public String firstBadCell(TryPlan.InputTable table, List<List<String>> rows) {
        return sandbox.withDatabase(db -> {
            CellTypes.Problem problem = CellTypes.first(sandbox, db, table.columns(), rows);
            return problem == null ? null : problem.message();
        });
    }

    public TryResult run(long loadId, String environment, List<TryRunner.Batch> batches) {
        Map<String, Set<String>> named = new HashMap<>();
        for (TryRunner.Batch batch : batches) {
            batch.tables().forEach((table, rows) -> {
                Set<String> columns = named.computeIfAbsent(table.toLowerCase(Locale.ROOT), k -> new LinkedHashSet<>());
                if (rows != null) {
                    rows.stream().filter(row -> row != null).forEach(row -> columns.addAll(row.keySet()));
                }
            });
        }
        return runner.run(planner.plan(loadId, environment, named), batches);
    }
}
