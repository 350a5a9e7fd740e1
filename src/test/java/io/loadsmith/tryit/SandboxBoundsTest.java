package io.loadsmith.tryit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;

/**
 * The bounds that keep one "Try it" run from harming the server (issue 45, point 2): the run's total time,
 * the characters of sample rows it takes, the characters it answers, and no server path in DuckDB's settings.
 * Each runs against DuckDB with small limits, so that nothing here depends on how fast the machine is.
 */
class SandboxBoundsTest {

    private static final String ENDLESS = "INSERT INTO w.t SELECT sum(a.range * b.range)::VARCHAR"
            + " FROM range(1000000) a, range(1000000) b";

    private static TryPlan plan(String... statements) {
        List<TryPlan.PlannedStatement> planned = new ArrayList<>();
        for (int i = 0; i < statements.length; i++) {
            planned.add(new TryPlan.PlannedStatement(i + 1, "step" + (i + 1), statements[i], null, null));
        }
        return new TryPlan("bounds", "w.t", List.of("CREATE SCHEMA w", "CREATE TABLE w.t (x VARCHAR)",
                "CREATE TABLE w.src (a VARCHAR, \"B c\" VARCHAR)"),
                List.of(new TryPlan.InputTable("w.src", TryPlan.InputTable.Kind.SOURCE,
                        List.of(new TryPlan.Column("a", "VARCHAR"), new TryPlan.Column("B c", "VARCHAR")))),
                planned, new TryPlan.TargetColumns(null, null, null, null, null, null), List.of());
    }

    private static TryRunner runner(SandboxLimits limits) {
        return new TryRunner(new Sandbox(limits));
    }

    private static TryRunner.Batch rows(int count, String value) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Map<String, Object> row = new HashMap<>();
            row.put("a", value);
            row.put("B c", null);
            rows.add(row);
        }
        return new TryRunner.Batch(Map.of("w.src", rows));
    }

    @Test
    void sampleRowsOverTheInputBudgetAreRefusedWithTheCellThatPassesIt() {
        TryRunner runner = runner(new SandboxLimits(60, 60, 100, 1_000_000));
        TryPlan plan = plan("INSERT INTO w.t SELECT a FROM w.src");
        // 6 x 10 characters in the first batch, then 10 more per row: row 4 of the second batch is the 110th.
        List<TryRunner.Batch> over = List.of(rows(6, "0123456789"), rows(5, "0123456789"));

        assertThatThrownBy(() -> runner.run(plan, over)).isInstanceOfSatisfying(InvalidRequestException.class, e ->
                assertThat(e.errors()).extracting(FieldProblem::field, FieldProblem::message).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("batches[1].tables.w.src[4].a",
                                "takes the sample rows past the sandbox's 100 characters (all values of all batches together)")));

        // Exactly the budget, NULLs counting nothing: taken, and run.
        TryResult fits = runner.run(plan, List.of(rows(6, "0123456789"), rows(4, "0123456789")));
        assertThat(fits.failure()).isNull();
        assertThat(fits.batches().get(1).tables().get(0).rows()).hasSize(10);
    }

    @Test
    void aResultOverTheAnswerBudgetEndsTheRunWithAMessage() {
        TryRunner runner = runner(new SandboxLimits(60, 600, 1_000_000, 1_000));
        // 4 cells of 100 characters (and 4 each) a batch, kept: 416 after batch 1, 832 more after batch 2.
        TryResult result = runner.run(plan("INSERT INTO w.t SELECT repeat('x', 100) FROM range(4)"),
                List.of(rows(0, null), rows(0, null), rows(0, null)));
        assertThat(result.batches()).hasSize(2);
        assertThat(result.batches().get(0).failure()).isNull();
        TryResult.Failure failure = result.batches().get(1).failure();
        assertThat(failure.stepName()).isEqualTo("reading the tables");
        assertThat(failure.message()).isEqualTo("Table w.t holds 832 characters, which takes the answer past the"
                + " sandbox's 1,000 characters of table cells (all tables after all batches together, each cell its text"
                + " and 4); the run ends here. Try fewer or shorter rows, or fewer batches.");
        assertThat(result.batches().get(1).tables()).isEmpty();
    }

    @Test
    void oneHugeCellIsRefusedBeforeItIsRead() {
        TryRunner runner = runner(new SandboxLimits(60, 600, 1_000_000, 1_000));
        TryResult result = runner.run(plan("INSERT INTO w.t VALUES (NULL), (''), (repeat('y', 5000000))"),
                List.of(rows(0, null)));
        assertThat(result.failure().message()).startsWith("Table w.t holds 5,000,012 characters, which");
    }

    @Test
    void manyEmptyCellsCountToo() {
        TryRunner runner = runner(new SandboxLimits(60, 600, 1_000_000, 1_000));
        // 250 cells, NULL or empty, take exactly the 1,000 (4 each): they fit; 251 do not.
        assertThat(runner.run(plan("INSERT INTO w.t SELECT CASE WHEN range % 2 = 0 THEN NULL ELSE '' END FROM range(250)"),
                List.of(rows(0, null))).failure()).isNull();
        assertThat(runner.run(plan("INSERT INTO w.t SELECT NULL FROM range(251)"), List.of(rows(0, null))).failure().message())
                .startsWith("Table w.t holds 1,004 characters, which");
    }

    @Test
    void aRunOverItsTotalTimeIsEndedAtItsStatementAndFreesItsSlot() {
        // The statement limit is far off: only the run's limit can stop the endless statement.
        TryRunner runner = runner(new SandboxLimits(600, 2, 1_000_000, 1_000_000));
        TryPlan endless = plan("INSERT INTO w.t VALUES ('first')", ENDLESS, "INSERT INTO w.t VALUES ('never')");
        for (int i = 0; i <= Sandbox.SLOTS; i++) {
            TryResult.Failure failure = runner.run(endless, List.of(rows(1, "a"), rows(1, "b"))).failure();
            assertThat(failure.message()).isEqualTo("Stopped: the run reached its time limit of 2 s (all statements of"
                    + " all batches together); the sandbox ended it at this statement.");
            assertThat(failure.statement()).as("where it stopped").isEqualTo(ENDLESS);
            assertThat(failure.step()).isEqualTo(2);
        }
        // More runs than slots have ended: a slot is free for the next.
        TryResult next = runner.run(plan("INSERT INTO w.t SELECT a FROM w.src"), List.of(rows(1, "fine")));
        assertThat(next.failure()).isNull();
        assertThat(next.batches().get(0).tables().get(0).rows().get(0).values()).containsExactly("fine");
    }

    @Test
    void inAProcessOfItsOwnARunAnswersAsInThisOne() {
        Sandbox sandbox = new Sandbox(new SandboxLimits(60, 600, 1_000_000, 1_000_000));
        TryPlan plan = plan("INSERT INTO w.t SELECT a FROM w.src", "UPDATE w.t SET x = upper(x) WHERE x = 'b'");
        List<TryRunner.Batch> batches = List.of(rows(2, "a"), rows(1, "b"), rows(0, null));
        TryResult here = new TryRunner(sandbox, false).run(plan, batches);
        assertThat(here.failure()).isNull();
        assertThat(here.batches().get(2).tables().get(0).rows()).extracting(TryResult.Row::values)
                .containsExactly(List.of("B"), List.of("a"), List.of("a"));
        assertThat(new TryRunner(sandbox, true).run(plan, batches)).isEqualTo(here);
    }

    @Test
    void inAProcessOfItsOwnAHugeAllocationInsideOneCallEndsOnlyTheRun() {
        TryRunner runner = new TryRunner(new Sandbox(new SandboxLimits(60, 600, 1_000_000, 1_000_000)), true);
        // 100 strings of 100 MB in one chunk: in the server's JVM DuckDB allocated them outside its memory_limit and
        // did not see the cancel (18.7 GB and 150 s when it was killed, docs/tryit.md); never run it here.
        TryResult result = runner.run(plan("INSERT INTO w.t SELECT max(length(repeat(range::VARCHAR, 100000000)))::VARCHAR"
                + " FROM range(100)"), List.of(rows(0, null)));
        assertThat(result.failure().message()).startsWith("Stopped: the statement needed more than the sandbox's 256MB"
                + " of memory. (Out of Memory Error");
        assertThat(result.failure().step()).isEqualTo(1);
        TryResult next = runner.run(plan("INSERT INTO w.t SELECT a FROM w.src"), List.of(rows(1, "fine")));
        assertThat(next.failure()).isNull();
    }

    @Test
    void noSettingAndNoMessageShowsAServerPath() {
        Sandbox sandbox = new Sandbox();
        List<String> paths = List.of(System.getProperty("user.home"), System.getProperty("user.dir"),
                System.getProperty("java.io.tmpdir"));
        List<String> seen = sandbox.withDatabase(db -> {
            List<String> values = new ArrayList<>(settings(db));
            try (Connection session = sandbox.newSession(db)) {
                values.addAll(settings(session));
                values.add(message(session, "SELECT * FROM duckdb_extensions()"));
                values.add(message(session, "SELECT * FROM read_text('~/x')"));
                values.add(message(session, "SELECT current_setting('home_directory')"));
            }
            return values;
        });
        assertThat(seen).hasSizeGreaterThan(100);
        for (String path : paths) {
            assertThat(seen).as(path).noneMatch(v -> v != null && v.contains(path));
        }
    }

    private static List<String> settings(Connection db) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT name, value FROM duckdb_settings()")) {
            while (rs.next()) {
                values.add(rs.getString(1) + "=" + rs.getString(2));
            }
        }
        return Collections.unmodifiableList(values);
    }

    /** The statement's first value, or DuckDB's message when it is refused. */
    private static String message(Connection db, String sql) {
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : "";
        } catch (SQLException e) {
            return e.getMessage();
        }
    }
}
