package io.loadsmith.tryit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;

/**
 * Runs a {@link TryPlan} batch after batch in one sandboxed database: each batch replaces the rows
 * of every input table (a table the batch leaves out is empty), runs the load's statements in order,
 * and shows the tables the load wrote, compared with before the batch. A failing statement ends the
 * run with DuckDB's message and the statement.
 */
@Service
public class TryRunner {

    public static final int MAX_BATCHES = 20;

    /** One batch: rows per input table, each row its values by column (strings, numbers, booleans or null). */
    public record Batch(Map<String, List<Map<String, Object>>> tables) {
        public Batch {
            tables = tables == null ? Map.of() : tables;
        }
    }

    private final Sandbox sandbox;
    private final boolean ownProcess;

    /**
     * @param ownProcess run the batches in a child JVM ({@link SandboxProcess}), so that exhausting its memory or
     *                   time ends only the run; else in this JVM (property loadsmith.tryit.own-process, on by
     *                   default, and where no child can be started)
     */
    @Autowired
    public TryRunner(Sandbox sandbox, @Value("${loadsmith.tryit.own-process:true}") boolean ownProcess) {
        this.sandbox = sandbox;
        this.ownProcess = ownProcess;
    }

    public TryRunner(Sandbox sandbox) {
        this(sandbox, false);
    }

    public TryResult run(TryPlan plan, List<Batch> batches) {
        check(plan, batches, sandbox.limits());
        if (ownProcess && SandboxProcess.launchable()) {
            return sandbox.withSlot(() -> SandboxProcess.run(plan, batches, sandbox.limits()));
        }
        return runHere(plan, batches);
    }

    /** A run that ended before its first batch, with {@code message} as its failure. */
    static TryResult failed(TryPlan plan, String message) {
        return result(plan, new TryResult.Failure(null, "running the batches", null, message), List.of());
    }

    /** The batches run in this JVM, the input checked already. */
    TryResult runHere(TryPlan plan, List<Batch> batches) {
        return sandbox.withDatabase(db -> {
            for (String sql : plan.setup()) {
                try {
                    sandbox.execute(db, sql);
                } catch (SQLException e) {
                    return result(plan, new TryResult.Failure(null, "creating the tables", sql, sandbox.describe(e)), List.of());
                }
            }
            List<TryResult.BatchResult> results = new ArrayList<>();
            Snapshots before = Snapshots.empty();
            Snapshots.Budget answer = new Snapshots.Budget(sandbox.limits().answerCharacters());
            for (int b = 0; b < batches.size(); b++) {
                TryResult.Failure failure = load(db, plan, batches.get(b));
                if (failure == null) {
                    failure = runLoads(db, plan);
                }
                Snapshots after;
                try {
                    after = Snapshots.read(sandbox, db, plan, answer);
                } catch (Snapshots.OverLimit | SQLException e) {
                    String message = e instanceof SQLException sql ? sandbox.describe(sql) : e.getMessage();
                    failure = failure != null ? failure : new TryResult.Failure(null, "reading the tables", null, message);
                    results.add(new TryResult.BatchResult(b + 1, failure, List.of()));
                    break;
                }
                results.add(new TryResult.BatchResult(b + 1, failure, after.compareWith(before, plan)));
                if (failure != null) {
                    break;
                }
                before = after;
            }
            return result(plan, null, results);
        });
    }

    private static TryResult result(TryPlan plan, TryResult.Failure setup, List<TryResult.BatchResult> batches) {
        return new TryResult(plan.load(), TryPlanner.DIALECT, plan.inputs(), plan.notes(), setup, batches);
    }

    /** Replaces the rows of every input table with the batch's. */
    private TryResult.Failure load(Connection db, TryPlan plan, Batch batch) {
        for (TryPlan.InputTable table : plan.inputs()) {
            try {
                TryResult.Failure failure = load(db, table, rowsOf(batch, table.name()));
                if (failure != null) {
                    return failure;
                }
            } catch (SQLException e) {
                return new TryResult.Failure(null, "sample rows of " + table.name(), null, sandbox.describe(e));
            }
        }
        return null;
    }

    private TryResult.Failure load(Connection db, TryPlan.InputTable table, List<Map<String, Object>> rows) throws SQLException {
        String name = DuckDbNames.quote(table.name());
        sandbox.execute(db, "DELETE FROM " + name);
        if (rows.isEmpty()) {
            return null;
        }
        List<String> columns = table.columns().stream().map(TryPlan.Column::name).toList();
        CellTypes.Problem problem = CellTypes.first(sandbox, db, table.columns(), texts(rows, columns));
        if (problem != null) {
            return new TryResult.Failure(null, "sample rows of " + table.name(), "row " + problem.row() + ": "
                    + rows.get(problem.row() - 1), problem.message());
        }
        String insert = "INSERT INTO " + name + " (" + String.join(", ", columns.stream().map(DuckDbNames::quoteOne).toList())
                + ") VALUES (" + String.join(", ", columns.stream().map(c -> "?").toList()) + ")";
        // One prepared statement per table; the first row DuckDB refuses ends the batch (and closes it).
        try (PreparedStatement st = db.prepareStatement(insert)) {
            for (int r = 0; r < rows.size(); r++) {
                for (int c = 0; c < columns.size(); c++) {
                    Object value = valueOf(rows.get(r), columns.get(c));
                    st.setString(c + 1, value == null ? null : value.toString());
                }
                try {
                    sandbox.watched(st, PreparedStatement::execute);
                } catch (SQLException e) {
                    return new TryResult.Failure(null, "sample rows of " + table.name(), "row " + (r + 1) + ": "
                            + rows.get(r), sandbox.describe(e));
                }
            }
        }
        return null;
    }

    /**
     * Each batch runs each load in a session of its own, as a scheduler runs a load on the target engine: a
     * plan's statements in order, a new session where the load changes (a model's plan).
     */
    private TryResult.Failure runLoads(Connection db, TryPlan plan) throws SQLException {
        List<List<TryPlan.PlannedStatement>> byLoad = new ArrayList<>();
        for (TryPlan.PlannedStatement statement : plan.statements()) {
            List<TryPlan.PlannedStatement> last = byLoad.isEmpty() ? null : byLoad.get(byLoad.size() - 1);
            if (last == null || !java.util.Objects.equals(last.get(0).load(), statement.load())) {
                last = new ArrayList<>();
                byLoad.add(last);
            }
            last.add(statement);
        }
        for (List<TryPlan.PlannedStatement> statements : byLoad) {
            try (Connection session = sandbox.newSession(db)) {
                TryResult.Failure failure = runStatements(session, statements);
                TryResult.Failure ending = endSession(session, statements);
                if (failure != null || ending != null) {
                    return failure != null ? failure : ending;
                }
            }
        }
        return null;
    }

    private TryResult.Failure runStatements(Connection db, List<TryPlan.PlannedStatement> statements) {
        for (TryPlan.PlannedStatement statement : statements) {
            try {
                sandbox.execute(db, statement.sql());
            } catch (SQLException e) {
                return new TryResult.Failure(statement.step(), statement.stepName(), statement.sql(), sandbox.describe(e),
                        statement.load());
            }
        }
        return null;
    }

    /** Drops the tables that ran as regular ones for temporary tables in a schema, which the session would have taken along. */
    private TryResult.Failure endSession(Connection session, List<TryPlan.PlannedStatement> statements) {
        for (TryPlan.PlannedStatement statement : statements) {
            if (statement.sessionTable() == null) {
                continue;
            }
            String drop = "DROP TABLE IF EXISTS " + DuckDbNames.quote(statement.sessionTable());
            try {
                sandbox.execute(session, drop);
            } catch (SQLException e) {
                return new TryResult.Failure(statement.step(), "ending the batch's session", drop, sandbox.describe(e),
                        statement.load());
            }
        }
        return null;
    }

    /**
     * Input checks before anything runs: known tables and columns, at most {@link Sandbox#MAX_ROWS} rows per table, and
     * at most {@link SandboxLimits#inputCharacters()} characters in all cells of all batches together.
     */
    private static void check(TryPlan plan, List<Batch> batches, SandboxLimits limits) {
        List<FieldProblem> problems = new ArrayList<>();
        long characters = 0;
        if (batches.isEmpty() || batches.size() > MAX_BATCHES) {
            problems.add(new FieldProblem("batches", String.valueOf(batches.size()),
                    "must have 1 to " + MAX_BATCHES + " batches"));
        }
        String known = String.join(", ", plan.inputs().stream().map(TryPlan.InputTable::name).toList());
        for (int b = 0; b < batches.size(); b++) {
            for (var entry : batches.get(b).tables().entrySet()) {
                String field = "batches[" + b + "].tables." + entry.getKey();
                TryPlan.InputTable table = plan.input(entry.getKey());
                if (table == null) {
                    problems.add(new FieldProblem(field, null, "is not a table this " + (plan.statements().stream().anyMatch(st -> st.load() != null)
                            ? "model" : "load") + " reads; tables that take rows: "
                            + (known.isEmpty() ? "none" : known)));
                    continue;
                }
                List<Map<String, Object>> rows = entry.getValue() == null ? List.of() : entry.getValue();
                if (rows.size() > Sandbox.MAX_ROWS) {
                    problems.add(new FieldProblem(field, null, "has " + rows.size() + " rows; the sandbox takes at most "
                            + Sandbox.MAX_ROWS + " per table"));
                    continue;
                }
                for (int r = 0; r < rows.size(); r++) {
                    Map<String, Object> row = rows.get(r) == null ? Map.of() : rows.get(r);
                    for (Map.Entry<String, Object> cell : row.entrySet()) {
                        boolean within = characters <= limits.inputCharacters();
                        characters += cell.getValue() == null ? 0 : cell.getValue().toString().length();
                        if (within && characters > limits.inputCharacters()) {
                            problems.add(new FieldProblem(field + "[" + r + "]." + cell.getKey(), null, String.format(
                                    "takes the sample rows past the sandbox's %,d characters (all values of all batches"
                                            + " together)", limits.inputCharacters())));
                        }
                    }
                    for (String column : row.keySet()) {
                        if (table.columns().stream().noneMatch(c -> c.name().equalsIgnoreCase(column))) {
                            problems.add(new FieldProblem(field + "[" + r + "]." + column, null, "is not a column of "
                                    + table.name() + "; its columns: " + String.join(", ",
                                    table.columns().stream().map(TryPlan.Column::name).toList())));
                        }
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidRequestException(problems.subList(0, Math.min(problems.size(), 50)), Map.of());
        }
    }

    private static List<Map<String, Object>> rowsOf(Batch batch, String table) {
        return batch.tables().entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(table))
                .map(Map.Entry::getValue).filter(rows -> rows != null).findFirst().orElse(List.of())
                .stream().map(row -> row == null ? Map.<String, Object>of() : row).toList();
    }

    /** The rows' values in column order, as text: what the INSERT below binds. */
    private static List<List<String>> texts(List<Map<String, Object>> rows, List<String> columns) {
        return rows.stream().map(row -> columns.stream().map(c -> {
            Object value = valueOf(row, c);
            return value == null ? null : value.toString();
        }).toList()).toList();
    }

    private static Object valueOf(Map<String, Object> row, String column) {
        for (Map.Entry<String, Object> entry : row.entrySet()) {
            if (entry.getKey().equalsIgnoreCase(column)) {
                return entry.getValue();
            }
        }
        return null;
    }
}
