package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.entity;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.generation.model.EntityModel;

/**
 * scd_hybrid_rebuild's options (issue 13) on every engine with both open-end conventions:
 * open_end, delete detection (invalidate_hard_deletes) and track_columns; tables written out by hand.
 */
class ScdHybridRebuildOptionsExecutionTest {

    private static final EntityModel STAGING = entity("stage", "user_staging",
            attr("login", "VARCHAR"), attr("phone", "VARCHAR"), attr("name", "VARCHAR"));
    private static final EntityModel TARGET = entity("dw", "dim_user",
            attr("dim_user_id", "SCD_ID", "INTEGER8", null),
            attr("login", "VARCHAR"), attr("phone", "VARCHAR"), attr("name", "VARCHAR"),
            attr("scd_version", "SCD_VERSION", "INTEGER4", null),
            attr("scd_start_date", "VALID_FROM", "TIMESTAMP", null),
            attr("scd_end_date", "VALID_TO", "TIMESTAMP", null),
            attr("scd_active", "VALIDITY_STATUS", "INTEGER1", null));
    private static final String TABLE = "SELECT dim_user_id, login, scd_version, scd_start_date, scd_end_date, scd_active,"
            + " phone, name FROM dw.dim_user";
    private static final String T1 = "2016-10-01 00:00:00";
    private static final String T2 = "2016-11-01 00:00:00";
    private static final String T3 = "2016-12-01 00:00:00";
    private static final String T4 = "2017-01-01 00:00:00";

    static Stream<Arguments> enginesAndConventions() {
        return Stream.of(TargetEngine.values()).flatMap(e -> Stream.of("far_future", "null").map(c -> Arguments.of(e, c)));
    }

    private static Connection prepare(TargetEngine engine) throws Exception {
        Connection db = engine.open();
        TargetEngine.execute(db, "CREATE SCHEMA stage");
        TargetEngine.execute(db, "CREATE SCHEMA dw");
        Loads.create(db, engine, STAGING);
        Loads.create(db, engine, TARGET);
        return db;
    }

    private static String load(TargetEngine engine, String parameters, String at) {
        return Loads.sql(Loads.load("dim_user_rebuild", TARGET, List.of(STAGING),
                "<ftltemplate:scd_hybrid_rebuild:natural_key=login" + parameters
                        + ":execution_time=\"\"\"TIMESTAMP '" + at + "'\"\"\">"), engine.dialect());
    }

    private static void run(Connection db, String sql, boolean openNull, String... rows) throws SQLException {
        TargetEngine.execute(db, "DELETE FROM stage.user_staging");
        if (rows.length > 0) {
            TargetEngine.execute(db, "INSERT INTO stage.user_staging VALUES " + String.join(", ", rows));
        }
        Loads.run(db, sql);
        Invariants.history(db, "dw.dim_user", List.of("login"), "scd_start_date", "scd_end_date", "scd_active", openNull);
    }

    private static String open(String convention) {
        return "null".equals(convention) ? null : "9999-12-31 00:00:00";
    }

    @ParameterizedTest(name = "{0}, open_end={1}")
    @MethodSource("enginesAndConventions")
    void keysMissingFromACompleteSourceAreClosedAndMayComeBack(TargetEngine engine, String convention) throws Exception {
        boolean openNull = "null".equals(convention);
        String p = ":scd1_columns=name:open_end=" + convention + ":invalidate_hard_deletes=true";
        try (Connection db = prepare(engine)) {
            run(db, load(engine, p, T1), openNull, "('ann', '1', 'Ann')", "('bob', '2', 'Bob')");
            // bob is missing: his current version ends at T2.
            run(db, load(engine, p, T2), openNull, "('ann', '1', 'Ann')");
            List<List<String>> closed = List.of(
                    row("1", "ann", "1", T1, open(convention), "1", "1", "Ann"),
                    row("2", "bob", "1", T1, T2, "0", "2", "Bob"));
            assertThat(Loads.sorted(db, TABLE)).isEqualTo(closed);
            // The same input again: nothing changes.
            run(db, load(engine, p, T3), openNull, "('ann', '1', 'Ann')");
            assertThat(Loads.sorted(db, TABLE)).isEqualTo(closed);
            // bob comes back (with a new SCD1 name, overwritten in his closed version too): a second version.
            run(db, load(engine, p, T4), openNull, "('ann', '1', 'Ann')", "('bob', '2', 'Robert')");
            assertThat(Loads.sorted(db, TABLE)).isEqualTo(List.of(
                    row("1", "ann", "1", T1, open(convention), "1", "1", "Ann"),
                    row("2", "bob", "1", T1, T2, "0", "2", "Robert"),
                    row("3", "bob", "2", T4, open(convention), "1", "2", "Robert")));
        }
    }

    /** Empty and one-row inputs: an empty batch writes nothing, unless the source is complete, which then closes every key. */
    @ParameterizedTest(name = "{0}, open_end={1}")
    @MethodSource("enginesAndConventions")
    void emptyAndOneRowSources(TargetEngine engine, String convention) throws Exception {
        boolean openNull = "null".equals(convention);
        String plain = ":scd1_columns=name:open_end=" + convention;
        String complete = plain + ":invalidate_hard_deletes=true";
        try (Connection db = prepare(engine)) {
            run(db, load(engine, complete, T1), openNull);
            assertThat(Loads.sorted(db, TABLE)).as("empty source, empty target").isEmpty();
            run(db, load(engine, plain, T1), openNull, "('ann', NULL, NULL)");
            List<List<String>> one = List.of(row("1", "ann", "1", T1, open(convention), "1", null, null));
            assertThat(Loads.sorted(db, TABLE)).isEqualTo(one);
            run(db, load(engine, plain, T2), openNull);
            assertThat(Loads.sorted(db, TABLE)).as("an empty batch changes nothing").isEqualTo(one);
            run(db, load(engine, complete, T3), openNull);
            assertThat(Loads.sorted(db, TABLE)).as("an empty complete source closes every key")
                    .isEqualTo(List.of(row("1", "ann", "1", T1, T3, "0", null, null)));
        }
    }

    @ParameterizedTest(name = "{0}, open_end={1}")
    @MethodSource("enginesAndConventions")
    void duplicateKeysStopTheLoadBeforeTheDeletesAreApplied(TargetEngine engine, String convention) throws Exception {
        boolean openNull = "null".equals(convention);
        String p = ":open_end=" + convention + ":invalidate_hard_deletes=true";
        try (Connection db = prepare(engine)) {
            run(db, load(engine, p, T1), openNull, "('ann', '1', 'Ann')", "('bob', '2', 'Bob')");
            List<List<String>> before = Loads.sorted(db, TABLE);
            TargetEngine.execute(db, "DELETE FROM stage.user_staging");
            TargetEngine.execute(db, "INSERT INTO stage.user_staging VALUES ('ann', '1', 'Ann'), ('ann', '3', 'Ann')");
            assertThatThrownBy(() -> Loads.run(db, load(engine, p, T2))).isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(e.getMessage()).contains("several rows for one natural key (login); example: login=ann"));
            assertThat(Loads.sorted(db, TABLE)).isEqualTo(before);
        }
    }

    @ParameterizedTest(name = "{0}, open_end={1}")
    @MethodSource("enginesAndConventions")
    void withoutDeleteDetectionAMissingKeyStaysOpen(TargetEngine engine, String convention) throws Exception {
        boolean openNull = "null".equals(convention);
        String p = ":open_end=" + convention;
        try (Connection db = prepare(engine)) {
            run(db, load(engine, p, T1), openNull, "('ann', '1', 'Ann')", "('bob', '2', 'Bob')");
            run(db, load(engine, p, T2), openNull, "('ann', '9', 'Ann')");
            assertThat(Loads.sorted(db, TABLE)).isEqualTo(List.of(
                    row("1", "ann", "1", T1, T2, "0", "1", "Ann"),
                    row("2", "bob", "1", T1, open(convention), "1", "2", "Bob"),
                    row("3", "ann", "2", T2, open(convention), "1", "9", "Ann")));
        }
    }

    @ParameterizedTest(name = "{0}, open_end={1}")
    @MethodSource("enginesAndConventions")
    void trackColumnsNamesTheScd2ColumnsAndTheRestAreScd1(TargetEngine engine, String convention) throws Exception {
        boolean openNull = "null".equals(convention);
        String p = ":track_columns=phone:open_end=" + convention;
        try (Connection db = prepare(engine)) {
            run(db, load(engine, p, T1), openNull, "('ann', '1', 'Ann')");
            run(db, load(engine, p, T2), openNull, "('ann', '1', 'Anne')");
            run(db, load(engine, p, T3), openNull, "('ann', '2', 'Anne')");
            List<List<String>> expected = List.of(
                    row("1", "ann", "1", T1, T3, "0", "1", "Anne"),
                    row("2", "ann", "2", T3, open(convention), "1", "2", "Anne"));
            assertThat(Loads.sorted(db, TABLE)).isEqualTo(expected);
            run(db, load(engine, p, T4), openNull, "('ann', '2', 'Anne')");
            assertThat(Loads.sorted(db, TABLE)).isEqualTo(expected);
        }
    }
}
