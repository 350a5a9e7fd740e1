package io.loadsmith.tryit;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.springframework.stereotype.Service;

/** A try of a load: plan it (with the columns the batches name) and run the batches. */
@Service
public class TryService {

    private final TryPlanner planner;
    private final TryRunner runner;

    public TryService(TryPlanner planner, TryRunner runner) {
        this.planner = planner;
        this.runner = runner;
    }

    public TryPlan plan(long loadId, String environment) {
        return planner.plan(loadId, environment, Map.of());
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
