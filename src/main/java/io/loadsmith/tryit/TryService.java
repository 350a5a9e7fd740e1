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
    private final ModelPlanner modelPlanner;
    private final TryRunner runner;
    private final Sandbox sandbox;

    public TryService(TryPlanner planner, ModelPlanner modelPlanner, TryRunner runner, Sandbox sandbox) {
        this.planner = planner;
        this.modelPlanner = modelPlanner;
        this.runner = runner;
        this.sandbox = sandbox;
    }

    /**
     * A try of a whole model: the loads ({@code loadIds}, e.g. a package's) in run order, the root tables that
     * take rows. {@code name} names the model in the answer and the messages (e.g. "Package 'sales'").
     *
     * @throws io.loadsmith.problem.InvalidRequestException (field {@code loads}) for no loads, a cycle, or a load
     *                                                      without DuckDB SQL
     */
    public TryModelPlan planModel(String name, List<Long> loadIds, String environment) {
        return modelPlanner.plan(name, loadIds, environment, Map.of());
    }

    /**
     * Runs each batch through the model: the root tables take the batch's rows, then every load runs in run
     * order, each in a session of its own; a failing statement ends the run, naming its load, step and text.
     * The same sandbox, child process and bounds as a single load's run.
     */
    public TryResult runModel(String name, List<Long> loadIds, String environment, List<TryRunner.Batch> batches) {
        return runner.run(modelPlanner.plan(name, loadIds, environment, named(batches)).plan(), batches);
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
        return runner.run(planner.plan(loadId, environment, named(batches)), batches);
    }

    /** The columns the batches give rows for, by table (lower case): a stand-in table takes them too. */
    private static Map<String, Set<String>> named(List<TryRunner.Batch> batches) {
        Map<String, Set<String>> named = new HashMap<>();
        for (TryRunner.Batch batch : batches) {
            batch.tables().forEach((table, rows) -> {
                Set<String> columns = named.computeIfAbsent(table.toLowerCase(Locale.ROOT), k -> new LinkedHashSet<>());
                if (rows != null) {
                    rows.stream().filter(row -> row != null).forEach(row -> columns.addAll(row.keySet()));
                }
            });
        }
        return named;
    }
}
