package io.loadsmith.tryit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.springframework.stereotype.Service;

import io.loadsmith.export.RunOrder;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.LoadService;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;

/**
 * Works out a whole model's {@link TryPlan} from each load's own plan ({@link TryPlanner}): the loads in the
 * SQL package's run order ({@link RunOrder}), one setup with every entity's DDL (each once), the root tables
 * as inputs (a table a load of the model writes is filled by that load, not by the batches; a table the
 * model does not know is one stand-in with the columns every load reads of it), and every load's statements
 * after each other, each marked with its load. As in the SQL package, the loads' run checks run as
 * {@value #CHECKS} after the stages they read and before any other load writes (rule 17 for the whole run).
 */
@Service
class ModelPlanner {

    /** The run checks' name where a failure names its load: the SQL package's file of them. */
    static final String CHECKS = "checks/conflicts";

    private final LoadService loads;
    private final TryPlanner planner;

    ModelPlanner(LoadService loads, TryPlanner planner) {
        this.loads = loads;
        this.planner = planner;
    }

    /**
     * @param extraColumns columns the caller gives rows for, by table (lower case)
     * @throws InvalidRequestException (field {@code loads}) for no loads, a cycle, or a load without DuckDB SQL
     */
    TryModelPlan plan(String name, List<Long> loadIds, String environment, Map<String, Set<String>> extraColumns) {
        if (loadIds.isEmpty()) {
            throw InvalidRequestException.of("loads", null, name + " has no loads to try");
        }
        List<LoadResponse> ordered;
        try {
            ordered = RunOrder.of(new ArrayList<>(new LinkedHashSet<>(loadIds)).stream().map(loads::get).toList(),
                    l -> new RunOrder.Node(l.name(), l.target(), reads(l)));
        } catch (RunOrder.Cycle e) {
            throw InvalidRequestException.of("loads", null, e.getMessage());
        }
        Set<String> written = new LinkedHashSet<>();
        ordered.forEach(l -> written.add(key(l.target())));
        Map<String, TryPlan> plans = new LinkedHashMap<>();
        List<FieldProblem> problems = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            LoadResponse load = ordered.get(i);
            try {
                plans.put(load.name(), planner.plan(load.id(), environment, extraColumns));
            } catch (GenerationException e) {
                problems.add(new FieldProblem("loads[" + i + "]", load.name(), "has no DuckDB SQL: " + e.getMessage()));
                continue;
            }
            if (plans.get(load.name()).statements().isEmpty()) {
                problems.add(new FieldProblem("loads[" + i + "]", load.name(), "has no DuckDB SQL: it generates no statement"
                        + " (no steps and no mappings?)"));
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidRequestException(problems, Map.of());
        }
        Set<String> checked = new LinkedHashSet<>();
        plans.forEach((loadName, p) -> {
            if (!p.runChecks().isEmpty()) {
                checked.add(loadName);
            }
        });
        RunOrder.Staged<LoadResponse> run = RunOrder.staged(ordered, l -> new RunOrder.Node(l.name(), l.target(), reads(l)),
                checked);
        ordered = run.loads();

        Set<String> setup = new LinkedHashSet<>();
        Map<String, TryPlan.InputTable> inputs = new LinkedHashMap<>();
        List<TryPlan.PlannedStatement> statements = new ArrayList<>();
        Map<String, TryPlan.Target> targets = new LinkedHashMap<>();
        Set<String> notes = new LinkedHashSet<>();
        List<TryModelPlan.ModelLoad> modelLoads = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            if (i == run.checksAt()) {
                addChecks(ordered, plans, statements);
            }
            LoadResponse load = ordered.get(i);
            TryPlan plan = plans.get(load.name());
            // An entity's DDL is the same text in every load's plan, so each table is made once; a stand-in's
            // columns are only those its load reads, so it is made once after the loop, from the union.
            List<TryPlan.InputTable> standIns = plan.inputs().stream()
                    .filter(t -> t.kind() == TryPlan.InputTable.Kind.REFERENCED).toList();
            plan.setup().stream().filter(sql -> standIns.stream().noneMatch(t -> TryPlanner.createsStandIn(sql, t.name())))
                    .forEach(setup::add);
            for (TryPlan.InputTable t : plan.inputs()) {
                if (!written.contains(key(t.name()))) {
                    inputs.merge(key(t.name()), t, (first, later) -> union(first, later, load.name(), notes));
                }
            }
            plan.statements().forEach(s -> statements.add(s.ofLoad(load.name())));
            targets.putIfAbsent(key(plan.target()), new TryPlan.Target(plan.target(), plan.targetColumns()));
            plan.notes().forEach(n -> notes.add(load.name() + ": " + n));
            modelLoads.add(new TryModelPlan.ModelLoad(load.id(), load.name(), plan.target(), plan.statements().size()));
        }
        inputs.values().stream().filter(t -> t.kind() == TryPlan.InputTable.Kind.REFERENCED)
                .forEach(t -> setup.add(TryPlanner.createStandIn(t.name(), t.columns())));
        List<TryPlan.Target> shown = List.copyOf(targets.values());
        TryPlan plan = new TryPlan(name, shown.get(0).name(), List.copyOf(setup), List.copyOf(inputs.values()), statements,
                shown.get(0).columns(), List.copyOf(notes), shown);
        return new TryModelPlan(name, modelLoads, plan.inputs(), shown.stream().map(TryPlan.Target::name).toList(),
                plan.notes(), plan);
    }

    /** Each checked load's run checks, in run order, as one session named {@value #CHECKS}; a step per load. */
    private static void addChecks(List<LoadResponse> ordered, Map<String, TryPlan> plans,
                                  List<TryPlan.PlannedStatement> statements) {
        int step = 0;
        for (LoadResponse load : ordered) {
            List<String> checks = plans.get(load.name()).runChecks();
            if (!checks.isEmpty()) {
                step++;
                for (String check : checks) {
                    statements.add(new TryPlan.PlannedStatement(step, load.name(), check, null, null, CHECKS));
                }
            }
        }
    }

    /**
     * One stand-in of a table two loads read: the first load's columns (run order), then the later one's new
     * columns; a column both type differently keeps the first type, and the notes say so.
     */
    private static TryPlan.InputTable union(TryPlan.InputTable first, TryPlan.InputTable later, String laterLoad,
                                            Set<String> notes) {
        if (first.kind() != TryPlan.InputTable.Kind.REFERENCED || later.kind() != TryPlan.InputTable.Kind.REFERENCED) {
            return first;
        }
        List<TryPlan.Column> columns = new ArrayList<>(first.columns());
        for (TryPlan.Column column : later.columns()) {
            TryPlan.Column known = columns.stream().filter(c -> c.name().equalsIgnoreCase(column.name())).findFirst().orElse(null);
            if (known == null) {
                columns.add(column);
            } else if (!known.type().equalsIgnoreCase(column.type())) {
                notes.add(laterLoad + ": reads " + first.name() + "." + column.name() + " as " + column.type()
                        + ", an earlier load as " + known.type() + "; the table takes " + known.type() + ".");
            }
        }
        return new TryPlan.InputTable(first.name(), first.kind(), columns);
    }

    /** What a load reads, as the run order of the SQL package takes it: its sources and its mappings' sources. */
    private static Set<String> reads(LoadResponse load) {
        Set<String> reads = new LinkedHashSet<>(load.sources());
        load.mappings().forEach(m -> reads.add(m.source()));
        return reads;
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
