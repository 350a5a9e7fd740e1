package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.entity;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.generation.model.EntityModel;

/** The scd_hybrid_rebuild template (seed 003) on every engine; expected tables written out by hand. */
class ScdHybridRebuildExecutionTest {

    private static final EntityModel STAGING = entity("stage", "dim_user_staging",
            attr("login", "VARCHAR"), attr("country", "VARCHAR"), attr("premium_user", "BOOLEAN"),
            attr("address", "VARCHAR"), attr("phone", "VARCHAR"), attr("name", "VARCHAR"), attr("year_of_birth", "INTEGER4"));
    private static final EntityModel TARGET = entity("dw", "dim_user",
            attr("dim_user_id", "SCD_ID", "INTEGER8", null),
            attr("login", "VARCHAR"), attr("country", "VARCHAR"), attr("premium_user", "BOOLEAN"),
            attr("address", "VARCHAR"), attr("phone", "VARCHAR"), attr("name", "VARCHAR"), attr("year_of_birth", "INTEGER4"),
            attr("scd_version", "SCD_VERSION", "INTEGER4", null),
            attr("scd_start_date", "VALID_FROM", "TIMESTAMP", null),
            attr("scd_end_date", "VALID_TO", "TIMESTAMP", null),
            attr("scd_active", "VALIDITY_STATUS", "BOOLEAN", null));
    private static final String TABLE = "SELECT dim_user_id, login, country, scd_version, scd_start_date, scd_end_date, scd_active,"
            + " premium_user, address, phone, name, year_of_birth FROM dw.dim_user";
    private static final String EOT = "9999-12-31 00:00:00";
    private static final String T1 = "2016-10-01 00:00:00";
    private static final String T2 = "2016-11-01 00:00:00";
    private static final String T3 = "2016-12-01 00:00:00.000001";
    private static final String T4 = "2017-01-01 00:00:00";

    private Connection prepare(TargetEngine engine) throws Exception {
        Connection db = engine.open();
        TargetEngine.execute(db, "CREATE SCHEMA stage");
        TargetEngine.execute(db, "CREATE SCHEMA dw");
        Loads.create(db, engine, STAGING);
        Loads.create(db, engine, TARGET);
        return db;
    }

    private static String load(TargetEngine engine, String at) {
        return Loads.sql(Loads.load("dim_user_rebuild", TARGET, List.of(STAGING),
                "<ftltemplate:scd_hybrid_rebuild:natural_key=login,country:scd1_columns=name,year_of_birth"
                        + ":execution_time=\"\"\"TIMESTAMP '" + at + "'\"\"\">"), engine.dialect());
    }

    private static void staging(Connection db, String... rows) throws SQLException {
        TargetEngine.execute(db, "DELETE FROM stage.dim_user_staging");
        TargetEngine.execute(db, "INSERT INTO stage.dim_user_staging VALUES " + String.join(", ", rows));
    }

    private static void run(Connection db, String sql) throws SQLException {
        Loads.run(db, sql);
        Invariants.history(db, "dw.dim_user", List.of("login", "country"), "scd_start_date", "scd_end_date", "scd_active", false);
        assertThat(Loads.rows(db, "SELECT dim_user_id FROM dw.dim_user GROUP BY dim_user_id HAVING COUNT(*) > 1"))
                .as("surrogate keys are unique").isEmpty();
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void scd1OverwritesScd2VersionsNullSafelyAndKeysContinue(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            staging(db, "('ann', 'NO', FALSE, 'A1', NULL, 'Ann', 1990)",
                    "('bob', 'NO', TRUE, 'B1', '555', 'Bob', NULL)",
                    "('carl', 'SE', FALSE, 'x~y', 'z', 'Carl', 1970)");
            run(db, load(engine, T1));
            // ann: phone NULL -> '123' (SCD2) and name (SCD1); bob: only SCD1; carl: '~' moved between columns.
            staging(db, "('ann', 'NO', FALSE, 'A1', '123', 'Anne', 1990)",
                    "('bob', 'NO', TRUE, 'B1', '555', 'Robert', 1985)",
                    "('carl', 'SE', FALSE, 'x', 'y~z', 'Carl', 1970)");
            run(db, load(engine, T2));
            // ann: '123' -> NULL (back to the first value: a third version); bob: 'B1' -> ''; carl missing: kept.
            staging(db, "('ann', 'NO', FALSE, 'A1', NULL, 'Anne', 1990)",
                    "('bob', 'NO', TRUE, '', '555', 'Robert', 1985)");
            run(db, load(engine, T3));
            List<List<String>> expected = List.of(
                    row("1", "ann", "NO", "1", T1, T2, "false", "false", "A1", null, "Anne", "1990"),
                    row("2", "bob", "NO", "1", T1, T3, "false", "true", "B1", "555", "Robert", "1985"),
                    row("3", "carl", "SE", "1", T1, T2, "false", "false", "x~y", "z", "Carl", "1970"),
                    row("4", "ann", "NO", "2", T2, T3, "false", "false", "A1", "123", "Anne", "1990"),
                    row("5", "carl", "SE", "2", T2, EOT, "true", "false", "x", "y~z", "Carl", "1970"),
                    row("6", "ann", "NO", "3", T3, EOT, "true", "false", "A1", null, "Anne", "1990"),
                    row("7", "bob", "NO", "2", T3, EOT, "true", "true", "", "555", "Robert", "1985"));
            assertThat(Loads.sorted(db, TABLE)).isEqualTo(expected);
            // The same batch again (later): nothing changes.
            run(db, load(engine, T4));
            assertThat(Loads.sorted(db, TABLE)).isEqualTo(expected);
        }
    }

    /**
     * An SCD1 and an SCD2 change of one key in one batch, the key already with a closed version: the
     * SCD1 columns are overwritten in every version, only the current one is closed (the closed one
     * keeps its end), and a key with an SCD2 change alone keeps its SCD1 values.
     */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void scd1AndScd2ChangesOfOneKeyInOneBatch(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            staging(db, "('ann', 'NO', FALSE, 'A1', NULL, 'Ann', 1990)", "('bob', 'NO', TRUE, 'B1', NULL, 'Bob', NULL)");
            run(db, load(engine, T1));
            staging(db, "('ann', 'NO', FALSE, 'A2', NULL, 'Ann', 1990)", "('bob', 'NO', TRUE, 'B1', NULL, 'Bob', NULL)");
            run(db, load(engine, T2));
            // ann: address (SCD2) and name and year of birth (SCD1) at once; bob: phone (SCD2) only.
            staging(db, "('ann', 'NO', FALSE, 'A3', NULL, 'Anne', NULL)", "('bob', 'NO', TRUE, 'B1', '555', 'Bob', NULL)");
            run(db, load(engine, T3));
            List<List<String>> expected = List.of(
                    row("1", "ann", "NO", "1", T1, T2, "false", "false", "A1", null, "Anne", null),
                    row("2", "bob", "NO", "1", T1, T3, "false", "true", "B1", null, "Bob", null),
                    row("3", "ann", "NO", "2", T2, T3, "false", "false", "A2", null, "Anne", null),
                    row("4", "ann", "NO", "3", T3, EOT, "true", "false", "A3", null, "Anne", null),
                    row("5", "bob", "NO", "2", T3, EOT, "true", "true", "B1", "555", "Bob", null));
            assertThat(Loads.sorted(db, TABLE)).isEqualTo(expected);
            run(db, load(engine, T4));
            assertThat(Loads.sorted(db, TABLE)).isEqualTo(expected);
        }
    }

    /**
     * With the default execution time (CURRENT_TIMESTAMP) every end written in one run is the same
     * instant and equals the start of the new versions, in place (PostgreSQL, DuckDB) as in the rebuild.
     */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void theDefaultExecutionTimeIsOneInstantPerRun(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            String sql = Loads.sql(Loads.load("dim_user_rebuild", TARGET, List.of(STAGING),
                    "<ftltemplate:scd_hybrid_rebuild:natural_key=login,country:scd1_columns=name,year_of_birth"
                            + ":invalidate_hard_deletes=true>"), engine.dialect());
            staging(db, "('ann', 'NO', FALSE, 'A1', NULL, 'Ann', 1990)", "('bob', 'NO', TRUE, 'B1', '555', 'Bob', NULL)");
            run(db, sql);
            // ann: an SCD2 change (a new version); bob: missing from the complete source (closed); cid: new.
            staging(db, "('ann', 'NO', FALSE, 'A2', NULL, 'Ann', 1990)", "('cid', 'DK', FALSE, 'C1', NULL, 'Cid', NULL)");
            run(db, sql);
            assertThat(Loads.rows(db, "SELECT COUNT(DISTINCT scd_end_date) FROM dw.dim_user WHERE scd_active = FALSE"))
                    .as("one closing instant").isEqualTo(List.of(List.of("1")));
            assertThat(Loads.rows(db, "SELECT COUNT(*) FROM dw.dim_user c JOIN dw.dim_user n ON n.scd_start_date = c.scd_end_date"
                    + " WHERE c.scd_active = FALSE AND n.scd_active = TRUE AND n.scd_version = 2 AND n.login = 'ann' AND c.login = 'ann'"))
                    .as("ann's closed version ends where her new one starts").isEqualTo(List.of(List.of("1")));
            assertThat(Loads.sorted(db, "SELECT login, scd_version, scd_active, address FROM dw.dim_user")).isEqualTo(List.of(
                    row("ann", "1", "false", "A1"), row("ann", "2", "true", "A2"),
                    row("bob", "1", "false", "B1"), row("cid", "1", "true", "C1")));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void duplicateKeysStopTheLoadWithTheTargetUnchanged(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            staging(db, "('ann', 'NO', FALSE, 'A1', NULL, 'Ann', 1990)");
            run(db, load(engine, T1));
            List<List<String>> before = Loads.sorted(db, "SELECT * FROM dw.dim_user");
            staging(db, "('ann', 'NO', FALSE, 'A2', NULL, 'Ann', 1990)", "('ann', 'NO', TRUE, 'A3', NULL, 'Ann', 1990)");
            assertThatThrownBy(() -> Loads.run(db, load(engine, T2))).isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(e.getMessage()).contains("natural key (login, country)", "login=ann, country=NO"));
            assertThat(Loads.sorted(db, "SELECT * FROM dw.dim_user")).isEqualTo(before);
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void emptyStringAndNullAreDifferentValues(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            staging(db, "('dan', 'DK', FALSE, 'D1', '', 'Dan', NULL)");
            run(db, load(engine, T1));
            staging(db, "('dan', 'DK', FALSE, 'D1', NULL, 'Dan', NULL)");
            run(db, load(engine, T2));
            run(db, load(engine, T3));
            staging(db, "('dan', 'DK', FALSE, 'D1', '', 'Dan', NULL)");
            run(db, load(engine, T4));
            assertThat(Loads.sorted(db, TABLE)).containsExactly(
                    row("1", "dan", "DK", "1", T1, T2, "false", "false", "D1", "", "Dan", null),
                    row("2", "dan", "DK", "2", T2, T4, "false", "false", "D1", null, "Dan", null),
                    row("3", "dan", "DK", "3", T4, EOT, "true", "false", "D1", "", "Dan", null));
        }
    }
}
