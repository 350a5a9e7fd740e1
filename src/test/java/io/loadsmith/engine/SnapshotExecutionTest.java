package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.entity;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.GenerationException;

/**
 * The snapshot template (seed 004) on every engine; expected histories are written out by hand.
 * The key is composite (customer_id, region) throughout; invariants are checked after every run.
 */
class SnapshotExecutionTest {

    private static final EntityModel CURRENT = entity("stage", "customer_src",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("plan", "VARCHAR"),
            attr("status", "VARCHAR"), attr("updated_at", "TIMESTAMP"));
    private static final EntityModel HISTORY_SRC = entity("stage", "customer_hist",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("plan", "VARCHAR"),
            attr("status", "VARCHAR"), attr("updated_at", "TIMESTAMP"), attr("snapshot_date", "TIMESTAMP"));
    private static final EntityModel TARGET = entity("dw", "customer_snap",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("plan", "VARCHAR"),
            attr("status", "VARCHAR"), attr("updated_at", "TIMESTAMP"),
            attr("valid_from", "TIMESTAMP"), attr("valid_to", "TIMESTAMP"));
    private static final EntityModel TARGET_EFFECTIVE = entity("dw", "customer_snap",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("plan", "VARCHAR"),
            attr("status", "VARCHAR"), attr("updated_at", "TIMESTAMP"),
            attr("effective_from", "TIMESTAMP"), attr("effective_to", "TIMESTAMP"));
    private static final EntityModel TARGET_STATUS = entity("dw", "customer_snap",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("plan", "VARCHAR"),
            attr("status", "VARCHAR"), attr("updated_at", "TIMESTAMP"),
            attr("valid_from", "TIMESTAMP"), attr("valid_to", "TIMESTAMP"), attr("is_current", "VALIDITY_STATUS", "INTEGER1", null));
    private static final String HISTORY_STATUS =
            "SELECT customer_id, region, valid_from, valid_to, is_current, plan, status FROM dw.customer_snap";
    private static final EntityModel TARGET_DELETED = entity("dw", "customer_snap",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("plan", "VARCHAR"),
            attr("status", "VARCHAR"), attr("updated_at", "TIMESTAMP"), attr("is_deleted", "INTEGER1"),
            attr("valid_from", "TIMESTAMP"), attr("valid_to", "TIMESTAMP"), attr("is_current", "VALIDITY_STATUS", "INTEGER1", null));
    private static final String HISTORY_DELETED =
            "SELECT customer_id, region, valid_from, valid_to, is_current, is_deleted, plan, status FROM dw.customer_snap";
    private static final EntityModel TARGET_TYPED = entity("dw", "customer_snap",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("plan", "VARCHAR"),
            attr("status", "VARCHAR"), attr("updated_at", "TIMESTAMP"),
            attr("valid_from", "VALID_FROM", "TIMESTAMP", null), attr("valid_to", "VALID_TO", "TIMESTAMP", null),
            attr("is_current", "VALIDITY_STATUS", "INTEGER1", null));
    private static final String HISTORY = "SELECT customer_id, region, valid_from, valid_to, plan, status FROM dw.customer_snap";
    private static final String CHECK_ALL = "strategy=check:unique_key=customer_id,region:check_columns=*";

    private Connection prepare(TargetEngine engine, EntityModel target) throws Exception {
        Connection db = engine.open();
        TargetEngine.execute(db, "CREATE SCHEMA stage");
        TargetEngine.execute(db, "CREATE SCHEMA dw");
        Loads.create(db, engine, CURRENT);
        Loads.create(db, engine, HISTORY_SRC);
        Loads.create(db, engine, target);
        return db;
    }

    /** The snapshot load with the given parameters, run at the given time. */
    static String load(TargetEngine engine, EntityModel target, EntityModel source, String params, String at) {
        return Loads.sql(Loads.load("snap_customer", target, List.of(source),
                "<ftltemplate:snapshot:" + params + ":execution_time=\"\"\"TIMESTAMP '" + at + "'\"\"\">"),
                engine.dialect());
    }

    private static void current(Connection db, String values) throws SQLException {
        TargetEngine.execute(db, "DELETE FROM stage.customer_src");
        TargetEngine.execute(db, "INSERT INTO stage.customer_src VALUES " + values);
    }

    private static void history(Connection db, String values) throws SQLException {
        TargetEngine.execute(db, "DELETE FROM stage.customer_hist");
        TargetEngine.execute(db, "INSERT INTO stage.customer_hist VALUES " + values);
    }

    private static void run(Connection db, String sql) throws SQLException {
        Loads.run(db, sql);
        Invariants.history(db, "dw.customer_snap", List.of("customer_id", "region"), "valid_from", "valid_to", null, true);
    }

    private static final String T1 = "2024-01-01 00:00:00";
    private static final String T2 = "2024-02-01 00:00:00";
    private static final String T3 = "2024-03-01 00:00:00";
    private static final String T4 = "2024-04-01 00:00:00";
    private static final String T5 = "2024-05-01 00:00:00";

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void checkCurrentStateNullsEmptyStringsTildesAndReruns(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, TARGET)) {
            // 1: two keys; key 2's plan is NULL.
            current(db, "(1, 'EU', 'basic', 'active', NULL), (2, 'EU', NULL, 'active', NULL)");
            run(db, load(engine, TARGET, CURRENT, CHECK_ALL, T1));
            // 2: key 1 unchanged; key 2 NULL -> 'pro'.
            current(db, "(1, 'EU', 'basic', 'active', NULL), (2, 'EU', 'pro', 'active', NULL)");
            run(db, load(engine, TARGET, CURRENT, CHECK_ALL, T2));
            // 3: key 1 'active' -> '' (not NULL); key 2 'pro' -> NULL; then the same batch again.
            current(db, "(1, 'EU', 'basic', '', NULL), (2, 'EU', NULL, 'active', NULL)");
            run(db, load(engine, TARGET, CURRENT, CHECK_ALL, T3));
            run(db, load(engine, TARGET, CURRENT, CHECK_ALL, T4));
            // 4: '' -> NULL is a change; NULL -> NULL is not.
            current(db, "(1, 'EU', 'basic', NULL, NULL), (2, 'EU', NULL, 'active', NULL)");
            run(db, load(engine, TARGET, CURRENT, CHECK_ALL, T4));
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(
                    row("1", "EU", T1, T3, "basic", "active"),
                    row("1", "EU", T3, T4, "basic", ""),
                    row("1", "EU", T4, null, "basic", null),
                    row("2", "EU", T1, T2, null, "active"),
                    row("2", "EU", T2, T3, "pro", "active"),
                    row("2", "EU", T3, null, null, "active"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void valuesWithTildeDoNotCollide(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, TARGET)) {
            current(db, "(1, 'EU', 'a~b', 'c', NULL)");
            run(db, load(engine, TARGET, CURRENT, CHECK_ALL, T1));
            current(db, "(1, 'EU', 'a', 'b~c', NULL)");
            run(db, load(engine, TARGET, CURRENT, CHECK_ALL, T2));
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(
                    row("1", "EU", T1, T2, "a~b", "c"),
                    row("1", "EU", T2, null, "a", "b~c"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void checkColumnsIgnoreOtherColumnsAndABAGivesThreeVersions(TargetEngine engine) throws Exception {
        String params = "strategy=check:unique_key=customer_id,region:check_columns=status";
        try (Connection db = prepare(engine, TARGET)) {
            current(db, "(1, 'EU', 'basic', 'A', NULL), (1, 'US', 'basic', 'A', NULL)");
            run(db, load(engine, TARGET, CURRENT, params, T1));
            // plan is not checked: no version; (1, US) is another key.
            current(db, "(1, 'EU', 'gold', 'B', NULL), (1, 'US', 'gold', 'A', NULL)");
            run(db, load(engine, TARGET, CURRENT, params, T2));
            current(db, "(1, 'EU', 'gold', 'A', NULL), (1, 'US', 'gold', 'A', NULL)");
            run(db, load(engine, TARGET, CURRENT, params, T3));
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(
                    row("1", "EU", T1, T2, "basic", "A"),
                    row("1", "EU", T2, T3, "gold", "B"),
                    row("1", "EU", T3, null, "gold", "A"),
                    row("1", "US", T1, null, "basic", "A"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void hardDeleteThenReappearanceCurrentState(TargetEngine engine) throws Exception {
        String params = CHECK_ALL + ":invalidate_hard_deletes=true";
        try (Connection db = prepare(engine, TARGET)) {
            current(db, "(1, 'EU', 'basic', 'A', NULL), (2, 'EU', 'basic', 'A', NULL)");
            run(db, load(engine, TARGET, CURRENT, params, T1));
            current(db, "(1, 'EU', 'basic', 'A', NULL)");
            run(db, load(engine, TARGET, CURRENT, params, T2));
            run(db, load(engine, TARGET, CURRENT, params, T3));
            current(db, "(1, 'EU', 'basic', 'A', NULL), (2, 'EU', 'basic', 'A', NULL)");
            run(db, load(engine, TARGET, CURRENT, params, T4));
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(
                    row("1", "EU", T1, null, "basic", "A"),
                    row("2", "EU", T1, T2, "basic", "A"),
                    row("2", "EU", T4, null, "basic", "A"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void timestampStrategyWithCustomColumnsAndMicroseconds(TargetEngine engine) throws Exception {
        String params = "strategy=timestamp:unique_key=customer_id,region:updated_at=updated_at"
                + ":valid_from_column=effective_from:valid_to_column=effective_to";
        String u1 = "2024-01-01 10:00:00.123456";
        String u2 = "2024-01-02 10:00:00.000001";
        String q = "SELECT customer_id, region, effective_from, effective_to, plan, updated_at FROM dw.customer_snap";
        try (Connection db = prepare(engine, TARGET_EFFECTIVE)) {
            current(db, "(1, 'EU', 'basic', 'A', TIMESTAMP '" + u1 + "')");
            runEffective(db, load(engine, TARGET_EFFECTIVE, CURRENT, params, T1));
            // Same updated_at with other values: nothing (the strategy trusts updated_at).
            current(db, "(1, 'EU', 'gold', 'A', TIMESTAMP '" + u1 + "')");
            runEffective(db, load(engine, TARGET_EFFECTIVE, CURRENT, params, T2));
            current(db, "(1, 'EU', 'gold', 'A', TIMESTAMP '" + u2 + "')");
            runEffective(db, load(engine, TARGET_EFFECTIVE, CURRENT, params, T3));
            // Older updated_at: nothing.
            current(db, "(1, 'EU', 'old', 'A', TIMESTAMP '2023-12-31 00:00:00')");
            runEffective(db, load(engine, TARGET_EFFECTIVE, CURRENT, params, T4));
            assertThat(Loads.sorted(db, q)).containsExactly(
                    row("1", "EU", u1, u2, "basic", u1),
                    row("1", "EU", u2, null, "gold", u2));
        }
    }

    private static void runEffective(Connection db, String sql) throws SQLException {
        Loads.run(db, sql);
        Invariants.history(db, "dw.customer_snap", List.of("customer_id", "region"), "effective_from", "effective_to", null, true);
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void timestampHardDeleteThenReappearanceWithAnOldUpdatedAtStartsWhenSeenAgain(TargetEngine engine) throws Exception {
        String params = "strategy=timestamp:unique_key=customer_id,region:updated_at=updated_at:invalidate_hard_deletes=true";
        String u1 = "2023-12-15 00:00:00";
        String q = "SELECT customer_id, region, valid_from, valid_to, plan, updated_at FROM dw.customer_snap";
        try (Connection db = prepare(engine, TARGET)) {
            current(db, "(1, 'EU', 'basic', 'A', TIMESTAMP '" + u1 + "'), (2, 'EU', 'basic', 'A', TIMESTAMP '" + u1 + "')");
            run(db, load(engine, TARGET, CURRENT, params, T1));
            current(db, "(2, 'EU', 'basic', 'A', TIMESTAMP '" + u1 + "')");
            run(db, load(engine, TARGET, CURRENT, params, T2));
            // Key 1 is back, unchanged since u1 (before its close): the version starts at T3.
            current(db, "(1, 'EU', 'basic', 'A', TIMESTAMP '" + u1 + "'), (2, 'EU', 'basic', 'A', TIMESTAMP '" + u1 + "')");
            run(db, load(engine, TARGET, CURRENT, params, T3));
            run(db, load(engine, TARGET, CURRENT, params, T4));
            assertThat(Loads.sorted(db, q)).containsExactly(
                    row("1", "EU", u1, T2, "basic", u1),
                    row("1", "EU", T3, null, "basic", u1),
                    row("2", "EU", u1, null, "basic", u1));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void historicalTimestampSnapshotUsesUpdatedAtAndClosesAtTheMissingObservation(TargetEngine engine) throws Exception {
        String params = "strategy=timestamp:unique_key=customer_id,region:updated_at=updated_at"
                + ":observed_at=snapshot_date:historical_input=snapshot:invalidate_hard_deletes=true";
        String u1 = "2023-12-01 12:00:00.5";
        String u2 = "2024-02-15 00:00:00";
        String q = "SELECT customer_id, region, valid_from, valid_to, plan, updated_at FROM dw.customer_snap";
        try (Connection db = prepare(engine, TARGET)) {
            // Observed on T1, T2 (same updated_at: no version), T3 (newer), missing on T4, back on T5.
            history(db, String.join(", ",
                    "(1, 'EU', 'basic', 'A', TIMESTAMP '" + u1 + "', TIMESTAMP '" + T1 + "')",
                    "(1, 'EU', 'other', 'A', TIMESTAMP '" + u1 + "', TIMESTAMP '" + T2 + "')",
                    "(1, 'EU', 'gold', 'A', TIMESTAMP '" + u2 + "', TIMESTAMP '" + T3 + "')",
                    "(2, 'EU', 'basic', 'A', TIMESTAMP '" + u1 + "', TIMESTAMP '" + T4 + "')",
                    "(1, 'EU', 'gold', 'A', TIMESTAMP '" + u2 + "', TIMESTAMP '" + T5 + "')",
                    "(2, 'EU', 'basic', 'A', TIMESTAMP '" + u1 + "', TIMESTAMP '" + T5 + "')"));
            String sql = load(engine, TARGET, HISTORY_SRC, params, T5);
            run(db, sql);
            List<List<String>> expected = List.of(
                    row("1", "EU", "2023-12-01 12:00:00.500000", u2, "basic", "2023-12-01 12:00:00.500000"),
                    row("1", "EU", u2, T4, "gold", u2),
                    row("1", "EU", T5, null, "gold", u2),
                    row("2", "EU", "2023-12-01 12:00:00.500000", null, "basic", "2023-12-01 12:00:00.500000"));
            assertThat(Loads.sorted(db, q)).isEqualTo(expected);
            run(db, sql);
            assertThat(Loads.sorted(db, q)).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void historicalCheckSnapshotCollapsesDeletesAndReappears(TargetEngine engine) throws Exception {
        String params = "strategy=check:unique_key=customer_id,region:check_columns=plan,status"
                + ":observed_at=snapshot_date:invalidate_hard_deletes=true";
        try (Connection db = prepare(engine, TARGET)) {
            // Key 1: A, A, B, B (one change in the batch); key 2: X, missing, X, X; key 3 from day 3.
            history(db, String.join(", ",
                    "(1, 'EU', 'p', 'A', NULL, TIMESTAMP '" + T1 + "')", "(2, 'EU', 'p', 'X', NULL, TIMESTAMP '" + T1 + "')",
                    "(1, 'EU', 'p', 'A', NULL, TIMESTAMP '" + T2 + "')",
                    "(1, 'EU', 'p', 'B', NULL, TIMESTAMP '" + T3 + "')", "(2, 'EU', 'p', 'X', NULL, TIMESTAMP '" + T3 + "')",
                    "(3, 'EU', 'p', 'C', NULL, TIMESTAMP '" + T3 + "')",
                    "(1, 'EU', 'p', 'B', NULL, TIMESTAMP '" + T4 + "')", "(2, 'EU', 'p', 'X', NULL, TIMESTAMP '" + T4 + "')",
                    "(3, 'EU', 'p', 'C', NULL, TIMESTAMP '" + T4 + "')"));
            String sql = load(engine, TARGET, HISTORY_SRC, params, T5);
            run(db, sql);
            List<List<String>> expected = List.of(
                    row("1", "EU", T1, T3, "p", "A"),
                    row("1", "EU", T3, null, "p", "B"),
                    row("2", "EU", T1, T2, "p", "X"),
                    row("2", "EU", T3, null, "p", "X"),
                    row("3", "EU", T3, null, "p", "C"));
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(expected);
            // The same batch again changes nothing.
            run(db, sql);
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(expected);
            // Next batch: key 1 back to A, key 3 missing.
            history(db, "(1, 'EU', 'p', 'A', NULL, TIMESTAMP '" + T5 + "'), (2, 'EU', 'p', 'X', NULL, TIMESTAMP '" + T5 + "')");
            run(db, sql);
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(
                    row("1", "EU", T1, T3, "p", "A"),
                    row("1", "EU", T3, T5, "p", "B"),
                    row("1", "EU", T5, null, "p", "A"),
                    row("2", "EU", T1, T2, "p", "X"),
                    row("2", "EU", T3, null, "p", "X"),
                    row("3", "EU", T3, T5, "p", "C"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void historicalChangesSeveralChangesOfOneKeyInOneBatch(TargetEngine engine) throws Exception {
        String params = "strategy=timestamp:unique_key=customer_id,region:updated_at=updated_at"
                + ":observed_at=snapshot_date:historical_input=changes";
        String u1 = "2024-01-01 08:00:00.000001";
        String u2 = "2024-01-01 08:00:00.000002";
        String u3 = "2024-01-03 00:00:00";
        try (Connection db = prepare(engine, TARGET)) {
            history(db, "(1, 'EU', 'basic', 'A', TIMESTAMP '" + u1 + "', TIMESTAMP '" + T5 + "'),"
                    + " (1, 'EU', 'gold', 'A', TIMESTAMP '" + u2 + "', TIMESTAMP '" + T5 + "'),"
                    + " (1, 'EU', 'gold', 'B', TIMESTAMP '" + u3 + "', TIMESTAMP '" + T5 + "')");
            String sql = load(engine, TARGET, HISTORY_SRC, params, T5);
            run(db, sql);
            run(db, sql);
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(
                    row("1", "EU", u1, u2, "basic", "A"),
                    row("1", "EU", u2, u3, "gold", "A"),
                    row("1", "EU", u3, null, "gold", "B"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void duplicatesAtTheIdentityGrainStopTheLoadBeforeAnyWrite(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, TARGET)) {
            current(db, "(1, 'EU', 'basic', 'A', NULL)");
            run(db, load(engine, TARGET, CURRENT, CHECK_ALL, T1));
            current(db, "(1, 'EU', 'gold', 'A', NULL), (7, 'US', 'x', 'A', NULL), (7, 'US', 'y', 'B', NULL)");
            List<List<String>> before = Loads.sorted(db, "SELECT * FROM dw.customer_snap");
            assertThatThrownBy(() -> Loads.run(db, load(engine, TARGET, CURRENT, CHECK_ALL, T2)))
                    .isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(e.getMessage()).contains(
                            "duplicate rows at the identity grain (customer_id, region)", "customer_id=7, region=US",
                            "Deduplicate"));
            assertThat(Loads.sorted(db, "SELECT * FROM dw.customer_snap")).isEqualTo(before);

            // Historical snapshot input: the grain includes observed_at.
            history(db, "(1, 'EU', 'p', 'A', NULL, TIMESTAMP '" + T3 + "'), (1, 'EU', 'p', 'B', NULL, TIMESTAMP '" + T3 + "')");
            assertThatThrownBy(() -> Loads.run(db, load(engine, TARGET, HISTORY_SRC,
                    "strategy=check:unique_key=customer_id,region:check_columns=*:observed_at=snapshot_date", T3)))
                    .satisfies(e -> assertThat(e.getMessage()).contains("(customer_id, region, snapshot_date)",
                            "customer_id=1, region=EU, snapshot_date=2024-03-01"));
            assertThat(Loads.sorted(db, "SELECT * FROM dw.customer_snap")).isEqualTo(before);
        }
    }

    /**
     * A changed batch run again at the execution time of the version it would close would give the
     * key two rows starting at one time; MERGE engines failed on it in their own words (or kept one
     * row), UPDATE + INSERT would write both. Every engine stops it with one message instead.
     */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void aChangedBatchAtTheTimeOfTheVersionItClosesStopsBeforeAnyWrite(TargetEngine engine) throws Exception {
        // The one-join path (check, current state), then the general pipeline (deletion records).
        for (String params : List.of(CHECK_ALL, CHECK_ALL + ":deletion_records=true")) {
            EntityModel target = params.contains("deletion") ? TARGET_DELETED : TARGET;
            try (Connection db = prepare(engine, target)) {
                current(db, "(1, 'EU', 'basic', 'A', NULL), (2, 'EU', 'basic', 'A', NULL)");
                Loads.run(db, load(engine, target, CURRENT, params, T1));
                // The same batch at the same time again changes nothing.
                Loads.run(db, load(engine, target, CURRENT, params, T1));
                List<List<String>> before = Loads.sorted(db, "SELECT * FROM dw.customer_snap");
                assertThat(before).as(params).hasSize(2);
                current(db, "(1, 'EU', 'gold', 'A', NULL), (2, 'EU', 'basic', 'A', NULL)");
                assertThatThrownBy(() -> Loads.run(db, load(engine, target, CURRENT, params, T1)))
                        .as(params).isInstanceOf(SQLException.class)
                        .satisfies(e -> assertThat(e.getMessage()).contains(
                                "a new version would start where the current version it closes starts (valid_from)",
                                "customer_id=1, region=EU", "Run with a later execution_time"));
                assertThat(Loads.sorted(db, "SELECT * FROM dw.customer_snap")).as(params).isEqualTo(before);
                // A later time loads the change.
                Loads.run(db, load(engine, target, CURRENT, params, T2));
                assertThat(Loads.sorted(db, "SELECT customer_id, valid_from, valid_to, plan FROM dw.customer_snap"))
                        .as(params).containsExactly(row("1", T1, T2, "basic"), row("1", T2, null, "gold"),
                                row("2", T1, null, "basic"));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void auditOnTheDeltaStopsTheLoadWithTheTargetUnchanged(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, TARGET)) {
            String sql = Loads.sql(Loads.load("snap_customer", TARGET, List.of(CURRENT),
                    "<ftltemplate:snapshot:" + CHECK_ALL + ":phase=delta>",
                    "<ftltemplate:audit:table=dw.Z_DELTA_customer_snap:type=unique:columns=customer_id,region,valid_from>\n"
                            + "<ftltemplate:audit:table=\\<target_schema\\>.Z_DELTA_\\<target_entity_name\\>:type=not_null:columns=plan>",
                    "<ftltemplate:snapshot:" + CHECK_ALL + ":phase=apply>"), engine.dialect());
            current(db, "(1, 'EU', 'basic', 'A', NULL)");
            run(db, sql);
            List<List<String>> before = Loads.sorted(db, "SELECT * FROM dw.customer_snap");
            current(db, "(1, 'EU', NULL, 'A', NULL)");
            assertThatThrownBy(() -> Loads.run(db, sql)).satisfies(e -> assertThat(e.getMessage())
                    .contains("audit not_null on dw.Z_DELTA_customer_snap failed", "plan"));
            assertThat(Loads.sorted(db, "SELECT * FROM dw.customer_snap")).isEqualTo(before);
        }
    }

    @Test
    void invalidCombinationsAreGenerationErrorsNamingTheParameter() {
        String base = "strategy=timestamp:unique_key=customer_id,region:updated_at=updated_at";
        assertThatThrownBy(() -> load(TargetEngine.H2, TARGET, HISTORY_SRC,
                "strategy=check:unique_key=customer_id:check_columns=*:observed_at=snapshot_date:historical_input=changes", T1))
                .isInstanceOf(GenerationException.class).hasMessageContaining("historical_input")
                .hasMessageContaining("not supported with strategy=check");
        assertThatThrownBy(() -> load(TargetEngine.H2, TARGET, HISTORY_SRC, base + ":observed_at=snapshot_date", T1))
                .isInstanceOf(GenerationException.class).hasMessageContaining("parameter 'historical_input'");
        assertThatThrownBy(() -> load(TargetEngine.H2, TARGET, HISTORY_SRC,
                base + ":observed_at=snapshot_date:historical_input=changes:invalidate_hard_deletes=true", T1))
                .isInstanceOf(GenerationException.class).hasMessageContaining("parameter 'invalidate_hard_deletes'");
        assertThatThrownBy(() -> load(TargetEngine.H2, TARGET, CURRENT, "strategy=check:unique_key=customer_id", T1))
                .isInstanceOf(GenerationException.class).hasMessageContaining("parameter 'check_columns'");
        assertThatThrownBy(() -> load(TargetEngine.H2, TARGET, CURRENT, "strategy=check:unique_key=id:check_columns=*", T1))
                .isInstanceOf(GenerationException.class).hasMessageContaining("parameter 'unique_key'")
                .hasMessageContaining("no column 'id'");
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void initialValidFromExecutionTimeStartsANewKeysFirstVersion(TargetEngine engine) throws Exception {
        String params = "strategy=timestamp:unique_key=customer_id,region:updated_at=updated_at:initial_valid_from=execution_time";
        String u1 = "2023-06-01 00:00:00";
        String q = "SELECT customer_id, region, valid_from, valid_to, plan, updated_at FROM dw.customer_snap";
        try (Connection db = prepare(engine, TARGET)) {
            current(db, "(1, 'EU', 'basic', 'A', TIMESTAMP '" + u1 + "')");
            run(db, load(engine, TARGET, CURRENT, params, T1));
            current(db, "(1, 'EU', 'gold', 'A', TIMESTAMP '" + T2 + "')");
            run(db, load(engine, TARGET, CURRENT, params, T3));
            assertThat(Loads.sorted(db, q)).containsExactly(
                    row("1", "EU", T1, T2, "basic", u1),
                    row("1", "EU", T2, null, "gold", T2));
        }
    }

    private static void runWithStatus(Connection db, String sql, String openEnd) throws SQLException {
        Loads.run(db, sql);
        Invariants.history(db, "dw.customer_snap", List.of("customer_id", "region"), "valid_from", "valid_to",
                "is_current", "null".equals(openEnd));
    }

    /** The history (with the current flag) is as expected, and a rerun of the same load leaves it so. */
    private static void assertHistoryStableOnRerun(Connection db, String sql, String openEnd, String query,
            List<List<String>> expected) throws SQLException {
        assertThat(Loads.sorted(db, query)).isEqualTo(expected);
        runWithStatus(db, sql, openEnd);
        assertThat(Loads.sorted(db, query)).isEqualTo(expected);
    }

    /** Closing, the current flag, a hard delete, a rerun and a reappearing key under both open-end conventions. */
    @ParameterizedTest(name = "{0} open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void openEndConventionCurrentStateWithHardDeletesAndCurrentFlag(TargetEngine engine, String openEnd) throws Exception {
        String params = CHECK_ALL + ":invalidate_hard_deletes=true:open_end=" + openEnd;
        String open = Loads.openEnd(openEnd);
        try (Connection db = prepare(engine, TARGET_STATUS)) {
            current(db, "(1, 'EU', 'basic', 'A', NULL), (2, 'EU', 'basic', 'A', NULL)");
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T1), openEnd);
            // Key 1 changes, key 2 is deleted; the same batch again changes nothing.
            current(db, "(1, 'EU', 'gold', 'A', NULL)");
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T2), openEnd);
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T3), openEnd);
            // Key 2 comes back.
            current(db, "(1, 'EU', 'gold', 'A', NULL), (2, 'EU', 'basic', 'A', NULL)");
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T4), openEnd);
            assertThat(Loads.sorted(db, HISTORY_STATUS)).containsExactly(
                    row("1", "EU", T1, T2, "0", "basic", "A"),
                    row("1", "EU", T2, open, "1", "gold", "A"),
                    row("2", "EU", T1, T2, "0", "basic", "A"),
                    row("2", "EU", T4, open, "1", "basic", "A"));
        }
    }

    /** Historical change records read the key's latest known time, which must skip the far-future open end. */
    @ParameterizedTest(name = "{0} open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void openEndConventionHistoricalChanges(TargetEngine engine, String openEnd) throws Exception {
        String params = "strategy=timestamp:unique_key=customer_id,region:updated_at=updated_at"
                + ":observed_at=snapshot_date:historical_input=changes:open_end=" + openEnd;
        String open = Loads.openEnd(openEnd);
        try (Connection db = prepare(engine, TARGET_STATUS)) {
            history(db, "(1, 'EU', 'basic', 'A', TIMESTAMP '" + T1 + "', TIMESTAMP '" + T2 + "'),"
                    + " (1, 'EU', 'gold', 'A', TIMESTAMP '" + T2 + "', TIMESTAMP '" + T2 + "')");
            String sql = load(engine, TARGET_STATUS, HISTORY_SRC, params, T5);
            runWithStatus(db, sql, openEnd);
            runWithStatus(db, sql, openEnd);
            history(db, "(1, 'EU', 'gold', 'B', TIMESTAMP '" + T3 + "', TIMESTAMP '" + T4 + "')");
            runWithStatus(db, sql, openEnd);
            assertThat(Loads.sorted(db, HISTORY_STATUS)).containsExactly(
                    row("1", "EU", T1, T2, "0", "basic", "A"),
                    row("1", "EU", T2, T3, "0", "gold", "A"),
                    row("1", "EU", T3, open, "1", "gold", "B"));
        }
    }

    @Test
    void anUnknownOpenEndIsAGenerationErrorNamingTheParameter() {
        assertThatThrownBy(() -> load(TargetEngine.H2, TARGET, CURRENT, CHECK_ALL + ":open_end=forever", T1))
                .isInstanceOf(GenerationException.class).hasMessageContaining("snap_customer")
                .hasMessageContaining("snapshot").hasMessageContaining("parameter 'open_end' is one of null, far_future, not 'forever'");
    }

    private static String obs(int id, String plan, String status, String at) {
        return "(" + id + ", 'EU', '" + plan + "', '" + status + "', NULL, TIMESTAMP '" + at + "')";
    }

    /**
     * Late observations (at or before the watermark) rebuild their key from its versions and all its
     * observations in time order; a late observation that the history already reflects, and keys
     * without late data, are not touched; a rerun changes nothing.
     */
    @ParameterizedTest(name = "{0} open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void lateObservationsRebuildTheirKeyInTimeOrder(TargetEngine engine, String openEnd) throws Exception {
        String params = "strategy=check:unique_key=customer_id,region:check_columns=plan,status"
                + ":observed_at=snapshot_date:open_end=" + openEnd;
        String open = Loads.openEnd(openEnd);
        try (Connection db = prepare(engine, TARGET_STATUS)) {
            String sql = load(engine, TARGET_STATUS, HISTORY_SRC, params, T5);
            history(db, String.join(", ", obs(1, "p", "A", T1), obs(1, "p", "B", T3), obs(2, "p", "X", T1)));
            runWithStatus(db, sql, openEnd);
            TargetEngine.execute(db, "UPDATE dw.customer_snap SET plan = 'untouched' WHERE customer_id = 2");
            // Late: key 1 was C on T2 (between A and B), then B again on T4; key 2's late X on T2 agrees.
            history(db, String.join(", ", obs(1, "p", "C", T2), obs(1, "p", "B", T4), obs(2, "untouched", "X", T2)));
            runWithStatus(db, sql, openEnd);
            List<List<String>> expected = List.of(
                    row("1", "EU", T1, T2, "0", "p", "A"),
                    row("1", "EU", T2, T3, "0", "p", "C"),
                    row("1", "EU", T3, open, "1", "p", "B"),
                    row("2", "EU", T1, open, "1", "untouched", "X"));
            assertHistoryStableOnRerun(db, sql, openEnd, HISTORY_STATUS, expected);
            // Late and equal to what came after it: key 1 was B already on T2.5; the B version starts earlier.
            history(db, obs(1, "p", "B", "2024-02-15 00:00:00"));
            runWithStatus(db, sql, openEnd);
            assertThat(Loads.sorted(db, HISTORY_STATUS)).containsExactly(
                    row("1", "EU", T1, T2, "0", "p", "A"),
                    row("1", "EU", T2, "2024-02-15 00:00:00", "0", "p", "C"),
                    row("1", "EU", "2024-02-15 00:00:00", open, "1", "p", "B"),
                    row("2", "EU", T1, open, "1", "untouched", "X"));
        }
    }

    /** A late complete observation that misses a key closes it there; the key's version from the next observation follows. */
    @ParameterizedTest(name = "{0} open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void aLateObservationMissingAKeyIsAHardDeleteThere(TargetEngine engine, String openEnd) throws Exception {
        String params = "strategy=check:unique_key=customer_id,region:check_columns=plan,status"
                + ":observed_at=snapshot_date:invalidate_hard_deletes=true:open_end=" + openEnd;
        String open = Loads.openEnd(openEnd);
        try (Connection db = prepare(engine, TARGET_STATUS)) {
            String sql = load(engine, TARGET_STATUS, HISTORY_SRC, params, T5);
            history(db, String.join(", ", obs(1, "p", "A", T1), obs(2, "p", "X", T1), obs(1, "p", "A", T3), obs(2, "p", "X", T3)));
            runWithStatus(db, sql, openEnd);
            history(db, obs(1, "p", "A", T2));
            runWithStatus(db, sql, openEnd);
            List<List<String>> expected = List.of(
                    row("1", "EU", T1, open, "1", "p", "A"),
                    row("2", "EU", T1, T2, "0", "p", "X"),
                    row("2", "EU", T3, open, "1", "p", "X"));
            assertHistoryStableOnRerun(db, sql, openEnd, HISTORY_STATUS, expected);
        }
    }

    /** historical_input=changes: a late change record is placed by its updated_at; a rerun changes nothing. */
    @ParameterizedTest(name = "{0} open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void lateChangeRecordsRebuildTheirKey(TargetEngine engine, String openEnd) throws Exception {
        String params = "strategy=timestamp:unique_key=customer_id,region:updated_at=updated_at"
                + ":observed_at=snapshot_date:historical_input=changes:open_end=" + openEnd;
        String open = Loads.openEnd(openEnd);
        try (Connection db = prepare(engine, TARGET_STATUS)) {
            String sql = load(engine, TARGET_STATUS, HISTORY_SRC, params, T5);
            history(db, "(1, 'EU', 'basic', 'A', TIMESTAMP '" + T1 + "', TIMESTAMP '" + T4 + "'),"
                    + " (1, 'EU', 'pro', 'A', TIMESTAMP '" + T3 + "', TIMESTAMP '" + T4 + "'),"
                    + " (2, 'EU', 'basic', 'A', TIMESTAMP '" + T1 + "', TIMESTAMP '" + T4 + "')");
            runWithStatus(db, sql, openEnd);
            TargetEngine.execute(db, "UPDATE dw.customer_snap SET status = 'untouched' WHERE customer_id = 2");
            history(db, "(1, 'EU', 'gold', 'A', TIMESTAMP '" + T2 + "', TIMESTAMP '" + T5 + "'),"
                    + " (2, 'EU', 'basic', 'A', TIMESTAMP '" + T1 + "', TIMESTAMP '" + T5 + "')");
            runWithStatus(db, sql, openEnd);
            List<List<String>> expected = List.of(
                    row("1", "EU", T1, T2, "0", "basic", "A"),
                    row("1", "EU", T2, T3, "0", "gold", "A"),
                    row("1", "EU", T3, open, "1", "pro", "A"),
                    row("2", "EU", T1, open, "1", "basic", "untouched"));
            assertHistoryStableOnRerun(db, sql, openEnd, HISTORY_STATUS, expected);
        }
    }

    /** Deletion records (dbt 1.9 hard_deletes: new_record), current-state input: written once, open until the key returns. */
    @ParameterizedTest(name = "{0} open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void deletionRecordsCurrentState(TargetEngine engine, String openEnd) throws Exception {
        String params = CHECK_ALL + ":deletion_records=true:open_end=" + openEnd;
        String open = Loads.openEnd(openEnd);
        try (Connection db = prepare(engine, TARGET_DELETED)) {
            current(db, "(1, 'EU', 'basic', 'A', NULL), (2, 'EU', 'basic', 'A', NULL)");
            runWithStatus(db, load(engine, TARGET_DELETED, CURRENT, params, T1), openEnd);
            current(db, "(1, 'EU', 'basic', 'A', NULL)");
            runWithStatus(db, load(engine, TARGET_DELETED, CURRENT, params, T2), openEnd);
            // Still missing: the deletion record is not written twice.
            runWithStatus(db, load(engine, TARGET_DELETED, CURRENT, params, T3), openEnd);
            assertThat(Loads.sorted(db, HISTORY_DELETED)).containsExactly(
                    row("1", "EU", T1, open, "1", "0", "basic", "A"),
                    row("2", "EU", T1, T2, "0", "0", "basic", "A"),
                    row("2", "EU", T2, open, "1", "1", "basic", "A"));
            current(db, "(1, 'EU', 'basic', 'A', NULL), (2, 'EU', 'gold', 'A', NULL)");
            runWithStatus(db, load(engine, TARGET_DELETED, CURRENT, params, T4), openEnd);
            assertThat(Loads.sorted(db, HISTORY_DELETED)).containsExactly(
                    row("1", "EU", T1, open, "1", "0", "basic", "A"),
                    row("2", "EU", T1, T2, "0", "0", "basic", "A"),
                    row("2", "EU", T2, T4, "0", "1", "basic", "A"),
                    row("2", "EU", T4, open, "1", "0", "gold", "A"));
        }
    }

    /** Deletion records with historical snapshot input: at the observation that misses the key, with its last values. */
    @ParameterizedTest(name = "{0} open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void deletionRecordsHistoricalSnapshot(TargetEngine engine, String openEnd) throws Exception {
        String params = "strategy=check:unique_key=customer_id,region:check_columns=plan,status"
                + ":observed_at=snapshot_date:deletion_records=true:open_end=" + openEnd;
        String open = Loads.openEnd(openEnd);
        try (Connection db = prepare(engine, TARGET_DELETED)) {
            String sql = load(engine, TARGET_DELETED, HISTORY_SRC, params, T5);
            history(db, String.join(", ", obs(1, "p", "A", T1), obs(2, "p", "X", T1), obs(1, "p", "A", T2),
                    obs(2, "p", "Y", T2), obs(1, "p", "A", T3)));
            runWithStatus(db, sql, openEnd);
            runWithStatus(db, sql, openEnd);
            history(db, String.join(", ", obs(1, "p", "A", T4)));
            runWithStatus(db, sql, openEnd);
            history(db, String.join(", ", obs(1, "p", "A", T5), obs(2, "p", "Y", T5)));
            runWithStatus(db, sql, openEnd);
            assertThat(Loads.sorted(db, HISTORY_DELETED)).containsExactly(
                    row("1", "EU", T1, open, "1", "0", "p", "A"),
                    row("2", "EU", T1, T2, "0", "0", "p", "X"),
                    row("2", "EU", T2, T3, "0", "0", "p", "Y"),
                    row("2", "EU", T3, T5, "0", "1", "p", "Y"),
                    row("2", "EU", T5, open, "1", "0", "p", "Y"));
        }
    }

    @Test
    void deletionRecordsWithChangeRecordsAreAGenerationErrorNamingTheParameter() {
        assertThatThrownBy(() -> load(TargetEngine.H2, TARGET_DELETED, HISTORY_SRC,
                "strategy=timestamp:unique_key=customer_id,region:updated_at=updated_at:observed_at=snapshot_date"
                        + ":historical_input=changes:deletion_records=true", T1))
                .isInstanceOf(GenerationException.class).hasMessageContaining("snap_customer")
                .hasMessageContaining("snapshot").hasMessageContaining("parameter 'deletion_records'")
                .hasMessageContaining("historical_input=changes");
        assertThatThrownBy(() -> load(TargetEngine.H2, TARGET, CURRENT, CHECK_ALL + ":deletion_records=true", T1))
                .isInstanceOf(GenerationException.class).hasMessageContaining("parameter 'deleted_column'")
                .hasMessageContaining("no column 'is_deleted'");
    }

    /** full_refresh=true rebuilds the whole target (and watermark) from the source; the next incremental run continues from it. */
    @ParameterizedTest(name = "{0} open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void fullRefreshRebuildsTheTargetFromTheSourceAlone(TargetEngine engine, String openEnd) throws Exception {
        String params = "strategy=check:unique_key=customer_id,region:check_columns=plan,status"
                + ":observed_at=snapshot_date:invalidate_hard_deletes=true:open_end=" + openEnd;
        String open = Loads.openEnd(openEnd);
        try (Connection db = prepare(engine, TARGET_TYPED)) {
            history(db, String.join(", ", obs(1, "p", "A", T1), obs(2, "p", "X", T1), obs(1, "p", "B", T2)));
            runWithStatus(db, load(engine, TARGET_TYPED, HISTORY_SRC, params, T5), openEnd);
            // The full refresh reads only this source: key 2 and the T1/T2 history are gone.
            history(db, String.join(", ", obs(1, "p", "C", T1), obs(1, "p", "D", T3)));
            String refresh = load(engine, TARGET_TYPED, HISTORY_SRC, params + ":full_refresh=true", T5);
            runWithStatus(db, refresh, openEnd);
            List<List<String>> expected = List.of(
                    row("1", "EU", T1, T3, "0", "p", "C"),
                    row("1", "EU", T3, open, "1", "p", "D"));
            assertHistoryStableOnRerun(db, refresh, openEnd, HISTORY_STATUS, expected);
            // The watermark was rebuilt too: an incremental run after T3 continues the history.
            history(db, obs(1, "p", "E", T4));
            runWithStatus(db, load(engine, TARGET_TYPED, HISTORY_SRC, params, T5), openEnd);
            assertThat(Loads.sorted(db, HISTORY_STATUS)).containsExactly(
                    row("1", "EU", T1, T3, "0", "p", "C"),
                    row("1", "EU", T3, T4, "0", "p", "D"),
                    row("1", "EU", T4, open, "1", "p", "E"));
        }
    }

    /**
     * A full refresh of a snapshot model goes through the full-refresh policy: with the seed's defaults
     * current-state input is denied and historical input needs confirmation.
     */
    @Test
    void fullRefreshGoesThroughTheFullRefreshPolicy() {
        io.loadsmith.generation.LoadSqlGenerator defaults = TestGenerators.library().loads();
        io.loadsmith.generation.model.LoadModel current = Loads.load("snap_customer", TARGET_TYPED, List.of(CURRENT),
                "<ftltemplate:snapshot:" + CHECK_ALL + ":full_refresh=true>");
        assertThatThrownBy(() -> defaults.generate(current, "postgresql", java.util.Map.of(),
                io.loadsmith.generation.GenerationOptions.CONFIRMED_FULL_REFRESH))
                .isInstanceOf(GenerationException.class).hasMessageContaining("template 'snapshot'")
                .hasMessageContaining("full refresh of history table dw.customer_snap (current-state input) is denied");
        io.loadsmith.generation.model.LoadModel historical = Loads.load("snap_customer", TARGET_TYPED, List.of(HISTORY_SRC),
                "<ftltemplate:snapshot:" + CHECK_ALL + ":observed_at=snapshot_date:full_refresh=true>");
        assertThatThrownBy(() -> defaults.generate(historical, "postgresql", java.util.Map.of()))
                .isInstanceOf(GenerationException.class)
                .hasMessageContaining("full refresh of history table dw.customer_snap (historical input) needs confirmation");
        assertThat(defaults.generate(historical, "postgresql", java.util.Map.of(),
                io.loadsmith.generation.GenerationOptions.CONFIRMED_FULL_REFRESH).sql()).contains("DELETE FROM dw.customer_snap WHERE 1 = 1");
        // Incremental calls are not full refreshes.
        assertThat(defaults.generate(Loads.load("snap_customer", TARGET_TYPED, List.of(CURRENT),
                "<ftltemplate:snapshot:" + CHECK_ALL + ">"), "postgresql", java.util.Map.of()).sql()).doesNotContain("WHERE 1 = 1");
        // A target that the policy could not see as a history table is refused.
        assertThatThrownBy(() -> load(TargetEngine.H2, TARGET, CURRENT, CHECK_ALL + ":full_refresh=true", T1))
                .isInstanceOf(GenerationException.class).hasMessageContaining("parameter 'full_refresh'")
                .hasMessageContaining("VALID_FROM");
    }

    private static final String T6 = "2024-06-01 00:00:00";
    private static final String T7 = "2024-07-01 00:00:00";

    /**
     * Current-state input with the check strategy takes the one-join delta (no window over the
     * history): empty and one-row sources, unchanged, changed and new keys, NULL to a value and
     * back, a missing key that stays open without invalidate_hard_deletes, reruns that write nothing.
     */
    @ParameterizedTest(name = "{0} open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void currentStateCheckOneJoinDeltaWithoutHardDeletes(TargetEngine engine, String openEnd) throws Exception {
        String params = CHECK_ALL + ":open_end=" + openEnd;
        String open = Loads.openEnd(openEnd);
        assertThat(load(engine, TARGET_STATUS, CURRENT, params, T1)).contains("WITH joined AS").doesNotContain("LAG(");
        try (Connection db = prepare(engine, TARGET_STATUS)) {
            // An empty source into an empty target writes nothing.
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T1), openEnd);
            assertThat(Loads.sorted(db, HISTORY_STATUS)).isEmpty();
            // One row.
            current(db, "(1, 'EU', 'basic', 'A', NULL)");
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T2), openEnd);
            // Key 1 unchanged; keys 2 (plan NULL) and 3 new.
            current(db, "(1, 'EU', 'basic', 'A', NULL), (2, 'EU', NULL, 'A', NULL), (3, 'EU', 'basic', 'A', NULL)");
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T3), openEnd);
            // Key 2 NULL -> 'pro'; key 3 missing (stays open); key 4 new; the same batch again writes nothing.
            current(db, "(1, 'EU', 'basic', 'A', NULL), (2, 'EU', 'pro', 'A', NULL), (4, 'EU', 'gold', 'B', NULL)");
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T4), openEnd);
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T5), openEnd);
            // Key 2 'pro' -> NULL.
            current(db, "(1, 'EU', 'basic', 'A', NULL), (2, 'EU', NULL, 'A', NULL), (4, 'EU', 'gold', 'B', NULL)");
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T6), openEnd);
            // An empty source closes nothing without invalidate_hard_deletes.
            TargetEngine.execute(db, "DELETE FROM stage.customer_src");
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T7), openEnd);
            assertThat(Loads.sorted(db, HISTORY_STATUS)).containsExactly(
                    row("1", "EU", T2, open, "1", "basic", "A"),
                    row("2", "EU", T3, T4, "0", null, "A"),
                    row("2", "EU", T4, T6, "0", "pro", "A"),
                    row("2", "EU", T6, open, "1", null, "A"),
                    row("3", "EU", T3, open, "1", "basic", "A"),
                    row("4", "EU", T4, open, "1", "gold", "B"));
        }
    }

    /**
     * The one-join delta with invalidate_hard_deletes: a missing key is closed at the execution
     * time and gets a new version when it comes back; an empty source closes every open version;
     * reruns write nothing.
     */
    @ParameterizedTest(name = "{0} open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void currentStateCheckOneJoinDeltaWithHardDeletes(TargetEngine engine, String openEnd) throws Exception {
        String params = CHECK_ALL + ":invalidate_hard_deletes=true:open_end=" + openEnd;
        assertThat(load(engine, TARGET_STATUS, CURRENT, params, T1)).contains("WITH joined AS").doesNotContain("LAG(");
        try (Connection db = prepare(engine, TARGET_STATUS)) {
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T1), openEnd);
            assertThat(Loads.sorted(db, HISTORY_STATUS)).isEmpty();
            current(db, "(1, 'EU', 'basic', 'A', NULL), (2, 'EU', NULL, 'A', NULL), (3, 'EU', 'basic', 'A', NULL)");
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T2), openEnd);
            // Key 2 NULL -> 'pro'; key 3 deleted; key 4 new; the same batch again writes nothing.
            current(db, "(1, 'EU', 'basic', 'A', NULL), (2, 'EU', 'pro', 'A', NULL), (4, 'EU', 'gold', 'B', NULL)");
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T3), openEnd);
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T4), openEnd);
            // Key 2 'pro' -> NULL; key 3 comes back unchanged.
            current(db, "(1, 'EU', 'basic', 'A', NULL), (2, 'EU', NULL, 'A', NULL), (3, 'EU', 'basic', 'A', NULL), "
                    + "(4, 'EU', 'gold', 'B', NULL)");
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T5), openEnd);
            // An empty source closes every open version; again, nothing more.
            TargetEngine.execute(db, "DELETE FROM stage.customer_src");
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T6), openEnd);
            runWithStatus(db, load(engine, TARGET_STATUS, CURRENT, params, T7), openEnd);
            assertThat(Loads.sorted(db, HISTORY_STATUS)).containsExactly(
                    row("1", "EU", T2, T6, "0", "basic", "A"),
                    row("2", "EU", T2, T3, "0", null, "A"),
                    row("2", "EU", T3, T5, "0", "pro", "A"),
                    row("2", "EU", T5, T6, "0", null, "A"),
                    row("3", "EU", T2, T3, "0", "basic", "A"),
                    row("3", "EU", T5, T6, "0", "basic", "A"),
                    row("4", "EU", T3, T6, "0", "gold", "B"));
        }
    }

    /** full_refresh=true with current-state input takes the one-join delta against an empty target. */
    @ParameterizedTest(name = "{0} open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void currentStateCheckOneJoinDeltaWithFullRefresh(TargetEngine engine, String openEnd) throws Exception {
        String params = CHECK_ALL + ":invalidate_hard_deletes=true:open_end=" + openEnd;
        String open = Loads.openEnd(openEnd);
        try (Connection db = prepare(engine, TARGET_TYPED)) {
            current(db, "(1, 'EU', 'basic', 'A', NULL), (2, 'EU', 'basic', 'A', NULL)");
            runWithStatus(db, load(engine, TARGET_TYPED, CURRENT, params, T1), openEnd);
            current(db, "(1, 'EU', 'gold', 'A', NULL), (2, 'EU', 'basic', 'A', NULL)");
            runWithStatus(db, load(engine, TARGET_TYPED, CURRENT, params, T2), openEnd);
            // The full refresh reads only this source: key 2 and the T1/T2 history are gone.
            current(db, "(1, 'EU', 'gold', 'A', NULL), (3, 'EU', 'basic', 'B', NULL)");
            String refresh = load(engine, TARGET_TYPED, CURRENT, params + ":full_refresh=true", T3);
            assertThat(refresh).contains("WITH joined AS").doesNotContain("LAG(");
            runWithStatus(db, refresh, openEnd);
            assertHistoryStableOnRerun(db, refresh, openEnd, HISTORY_STATUS, List.of(
                    row("1", "EU", T3, open, "1", "gold", "A"),
                    row("3", "EU", T3, open, "1", "basic", "B")));
            // An incremental run continues from the rebuilt history.
            current(db, "(1, 'EU', 'plat', 'A', NULL), (3, 'EU', 'basic', 'B', NULL)");
            runWithStatus(db, load(engine, TARGET_TYPED, CURRENT, params, T4), openEnd);
            assertThat(Loads.sorted(db, HISTORY_STATUS)).containsExactly(
                    row("1", "EU", T3, T4, "0", "gold", "A"),
                    row("1", "EU", T4, open, "1", "plat", "A"),
                    row("3", "EU", T3, open, "1", "basic", "B"));
        }
    }
}
