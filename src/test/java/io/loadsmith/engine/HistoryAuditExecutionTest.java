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
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.generation.model.EntityModel;

/**
 * audit_history=true on cdc_scd2, snapshot and scd_hybrid_rebuild (issue 47 item 7), on every engine:
 * a sound history passes; with audit_scope=full, rows written by hand that break it (two open
 * versions, two rows of a key at one start, overlapping ranges, a zero-length range, a current flag
 * on a closed range) make the next load fail naming the key, with the load's write rolled back. With
 * the default audit_scope=batch only the keys the load writes are read: a broken key it does not
 * touch passes unseen, a broken key it writes fails naming it. scd2 is in Scd2AuditExecutionTest.
 */
class HistoryAuditExecutionTest {

    private static final String T0 = "2024-01-01 00:00:00";
    private static final String T1 = "2024-02-01 00:00:00";
    private static final String T2 = "2024-03-01 00:00:00";

    /** The target's key, validity and flag columns, to write broken rows of key 2 by hand (marked city 'Hand'). */
    private record Target(String table, String key, String from, String to, String flag, String on, String off, String open) {

        String row(String validFrom, String validTo, boolean current) {
            return row(2, validFrom, validTo, current);
        }

        String row(int id, String validFrom, String validTo, boolean current) {
            return "INSERT INTO " + table + " (" + key + ", city, " + from + ", " + to + (flag == null ? "" : ", " + flag)
                    + ") VALUES (" + id + ", 'Hand', TIMESTAMP '" + validFrom + "', " + (validTo == null ? "NULL" : "TIMESTAMP '" + validTo + "'")
                    + (flag == null ? "" : ", " + (current ? on : off)) + ")";
        }
    }

    /**
     * Key 2 has one open version from T0. Each broken row makes the load (which changes key 1) fail
     * naming key 2 and leaves the table as it was.
     */
    private static void brokenHistoriesFail(Connection db, String load, Target t, String who) throws SQLException {
        String prefix = who + ": the target " + t.table() + " breaks its history invariants after the write; offending keys (at most 5 shown): "
                + t.key() + "=2: ";
        refused(db, load, t, t.row(T1, t.open(), true), prefix + "two open versions.");
        refused(db, load, t, t.row(T0, T1, false), prefix + "two rows with one " + t.from() + ".");
        refused(db, load, t, t.row("2023-06-01 00:00:00", "2024-01-15 00:00:00", false), prefix + "overlapping ranges.");
        refused(db, load, t, t.row("2023-06-01 00:00:00", "2023-06-01 00:00:00", false), prefix + "a range that ends where or before it starts.");
        if (t.flag() != null) {
            refused(db, load, t, t.row("2023-06-01 00:00:00", "2023-07-01 00:00:00", true),
                    prefix + "a current flag that disagrees with the open end.");
        }
    }

    private static void refused(Connection db, String load, Target t, String brokenRow, String message) throws SQLException {
        TargetEngine.execute(db, brokenRow);
        List<List<String>> before = Loads.sorted(db, "SELECT * FROM " + t.table());
        assertThatThrownBy(() -> Loads.run(db, load)).isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(e.getMessage()).contains(message));
        assertThat(Loads.sorted(db, "SELECT * FROM " + t.table())).as("the failed load is rolled back").isEqualTo(before);
        TargetEngine.execute(db, "DELETE FROM " + t.table() + " WHERE city = 'Hand'");
    }

    /**
     * The default audit_scope=batch, on a load that changes key 1 and not key 2: a range of key 1
     * written by hand that overlaps its versions fails the load naming key 1 (rolled back); two open
     * versions of key 2 pass unseen, as the load cannot have written them, and the load's write stays.
     */
    private static void batchScope(Connection db, String load, Target t, String who) throws SQLException {
        refused(db, load, t, t.row(1, "2023-06-01 00:00:00", "2024-01-15 00:00:00", false), who + ": the target " + t.table()
                + " breaks its history invariants after the write; offending keys (at most 5 shown): " + t.key() + "=1: overlapping ranges.");
        TargetEngine.execute(db, t.row(T1, t.open(), true));
        Loads.run(db, load);
        TargetEngine.execute(db, "DELETE FROM " + t.table() + " WHERE city = 'Hand'");
    }

    private static Connection prepare(TargetEngine engine, EntityModel source, EntityModel target) throws SQLException {
        Connection db = engine.open();
        TargetEngine.execute(db, "CREATE SCHEMA stage");
        TargetEngine.execute(db, "CREATE SCHEMA dw");
        Loads.create(db, engine, source);
        Loads.create(db, engine, target);
        return db;
    }

    // ----- cdc_scd2 -----

    private static final EntityModel EVENTS = entity("stage", "person_cdc", attr("person_id", "INTEGER4"),
            attr("cdc_operation", null, "CHAR", 1), attr("cdc_seq", "INTEGER8"), attr("event_time", "TIMESTAMP"), attr("city", "VARCHAR"));
    private static final EntityModel PERSONS = entity("dw", "person_scd2", attr("person_id", "INTEGER4"), attr("city", "VARCHAR"),
            attr("cdc_seq", "INTEGER8"), attr("valid_from", "VALID_FROM", "TIMESTAMP", null),
            attr("valid_to", "VALID_TO", "TIMESTAMP", null), attr("is_current", "VALIDITY_STATUS", "INTEGER1", null));

    private static String event(int id, int seq, String time, String city) {
        return "(" + id + ", 'U', " + seq + ", TIMESTAMP '" + time + "', '" + city + "')";
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void cdcScd2(TargetEngine engine) throws Exception {
        // Where a load has no transaction (Databricks) the audit fails after its write, which stays:
        // these sequences assume the rollback; Databricks' audit SQL is in the goldens and parsed.
        org.junit.jupiter.api.Assumptions.assumeTrue(DvFixture.transactional(engine), "no multi-statement transactions");
        try (Connection db = prepare(engine, EVENTS, PERSONS)) {
            String load = Loads.sql(Loads.load("cdc_person", PERSONS, List.of(EVENTS),
                    "<ftltemplate:cdc_scd2:key_columns=person_id:audit_history=true:audit_scope=full>"), engine.dialect());
            String batchLoad = Loads.sql(Loads.load("cdc_person", PERSONS, List.of(EVENTS),
                    "<ftltemplate:cdc_scd2:key_columns=person_id:audit_history=true>"), engine.dialect());
            assertThat(batchLoad).contains("FROM dw.Z_CDC_KEYS_person_scd2 k");
            TargetEngine.execute(db, "INSERT INTO stage.person_cdc VALUES " + event(1, 1, T0, "Oslo") + ", " + event(2, 1, T0, "Rome"));
            Loads.run(db, load);
            TargetEngine.execute(db, "INSERT INTO stage.person_cdc VALUES " + event(1, 2, T1, "Bergen"));
            brokenHistoriesFail(db, load, new Target("dw.person_scd2", "person_id", "valid_from", "valid_to", "is_current", "1", "0", null),
                    "cdc_scd2 load cdc_person");
            // The default audit reads only the keys the load rebuilds (person 1): person 2's broken rows pass unseen.
            TargetEngine.execute(db, new Target("dw.person_scd2", "person_id", "valid_from", "valid_to", "is_current", "1", "0", null)
                    .row(T1, null, true));
            Loads.run(db, batchLoad);
            TargetEngine.execute(db, "DELETE FROM dw.person_scd2 WHERE city = 'Hand'");
            String history = "SELECT person_id, city, cdc_seq, valid_from, valid_to, is_current FROM dw.person_scd2";
            assertThat(Loads.sorted(db, history)).isEqualTo(List.of(
                    row("1", "Bergen", "2", T1, null, "1"), row("1", "Oslo", "1", T0, T1, "0"), row("2", "Rome", "1", T0, null, "1")));
            // Not only rows written by hand: two events of a key at one event time (sequence 3 and 4) give the
            // load itself a version that ends where it starts; the audit of the rebuilt keys stops it before the COMMIT.
            TargetEngine.execute(db, "INSERT INTO stage.person_cdc VALUES " + event(1, 3, T2, "Molde") + ", " + event(1, 4, T2, "Voss"));
            assertThatThrownBy(() -> Loads.run(db, batchLoad)).isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(e.getMessage()).contains("offending keys (at most 5 shown): person_id=1: two rows with one valid_from."));
            assertThat(Loads.sorted(db, history)).hasSize(3);
        }
    }

    // ----- snapshot -----

    private static final EntityModel CUSTOMERS = entity("stage", "customer_src", attr("customer_id", "INTEGER8"), attr("city", "VARCHAR"));
    private static final EntityModel SNAPSHOTS = entity("dw", "customer_snap", attr("customer_id", "INTEGER8"), attr("city", "VARCHAR"),
            attr("valid_from", "TIMESTAMP"), attr("valid_to", "TIMESTAMP"));

    @ParameterizedTest(name = "{0}, open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void snapshot(TargetEngine engine, String convention) throws Exception {
        // Where a load has no transaction (Databricks) the audit fails after its write, which stays:
        // these sequences assume the rollback; Databricks' audit SQL is in the goldens and parsed.
        org.junit.jupiter.api.Assumptions.assumeTrue(DvFixture.transactional(engine), "no multi-statement transactions");
        try (Connection db = prepare(engine, CUSTOMERS, SNAPSHOTS)) {
            String call = "<ftltemplate:snapshot:strategy=check:unique_key=customer_id:check_columns=*:open_end=" + convention
                    + ":audit_history=true:execution_time=\"\"\"TIMESTAMP '%s'\"\"\"%s>";
            TargetEngine.execute(db, "INSERT INTO stage.customer_src VALUES (1, 'Oslo'), (2, 'Rome')");
            Loads.run(db, Loads.sql(Loads.load("snap_customer", SNAPSHOTS, List.of(CUSTOMERS), String.format(call, T0, "")), engine.dialect()));
            // Key 2 leaves the source (no hard-delete detection: its version stays open, untouched by the load).
            TargetEngine.execute(db, "DELETE FROM stage.customer_src WHERE customer_id = 2");
            TargetEngine.execute(db, "UPDATE stage.customer_src SET city = 'Bergen' WHERE customer_id = 1");
            String day1 = Loads.sql(Loads.load("snap_customer", SNAPSHOTS, List.of(CUSTOMERS), String.format(call, T1, ":audit_scope=full")),
                    engine.dialect());
            Target t = new Target("dw.customer_snap", "customer_id", "valid_from", "valid_to", null, null, null, Loads.openEnd(convention));
            brokenHistoriesFail(db, day1, t, "snapshot load snap_customer");
            String batchDay1 = Loads.sql(Loads.load("snap_customer", SNAPSHOTS, List.of(CUSTOMERS), String.format(call, T1, "")), engine.dialect());
            batchScope(db, batchDay1, t, "snapshot load snap_customer");
            String open = Loads.openEnd(convention);
            assertThat(Loads.sorted(db, "SELECT customer_id, city, valid_from, valid_to FROM dw.customer_snap")).isEqualTo(List.of(
                    row("1", "Bergen", T1, open), row("1", "Oslo", T0, T1), row("2", "Rome", T0, open)));
        }
    }

    /**
     * One test per engine without multi-statement transactions: Spark in spark-it, none in the default
     * suite (so nothing is skipped there).
     */
    @org.junit.jupiter.api.TestFactory
    java.util.stream.Stream<org.junit.jupiter.api.DynamicTest> withoutTransactionsTheBatchsKeysAreAuditedAfterTheWrite() {
        return java.util.Arrays.stream(TargetEngine.values()).filter(e -> !DvFixture.transactional(e))
                .map(e -> org.junit.jupiter.api.DynamicTest.dynamicTest(e.name(), () -> auditedAfterTheWrite(e)));
    }

    private void auditedAfterTheWrite(TargetEngine engine) throws Exception {
        // Spark (spark-it): no multi-statement transactions, so the audit follows the write, which stays.
        try (Connection db = prepare(engine, CUSTOMERS, SNAPSHOTS)) {
            String call = "<ftltemplate:snapshot:strategy=check:unique_key=customer_id:check_columns=*"
                    + ":audit_history=true:execution_time=\"\"\"TIMESTAMP '%s'\"\"\">";
            TargetEngine.execute(db, "INSERT INTO stage.customer_src VALUES (1, 'Oslo'), (2, 'Rome')");
            Loads.run(db, Loads.sql(Loads.load("snap_customer", SNAPSHOTS, List.of(CUSTOMERS), String.format(call, T0)), engine.dialect()));
            Target t = new Target("dw.customer_snap", "customer_id", "valid_from", "valid_to", null, null, null, null);
            // Key 2, which the batch lacks, gets a second open version by hand: unseen.
            TargetEngine.execute(db, "DELETE FROM stage.customer_src WHERE customer_id = 2");
            TargetEngine.execute(db, "UPDATE stage.customer_src SET city = 'Bergen' WHERE customer_id = 1");
            TargetEngine.execute(db, t.row(T1, null, true));
            Loads.run(db, Loads.sql(Loads.load("snap_customer", SNAPSHOTS, List.of(CUSTOMERS), String.format(call, T1)), engine.dialect()));
            assertThat(Loads.sorted(db, "SELECT customer_id, city, valid_from, valid_to FROM dw.customer_snap")).isEqualTo(List.of(
                    row("1", "Bergen", T1, null), row("1", "Oslo", T0, T1), row("2", "Hand", T1, null), row("2", "Rome", T0, null)));
            // Key 1, which the batch brings, has a range by hand that overlaps its versions: named, key 2 not.
            TargetEngine.execute(db, t.row(1, "2023-06-01 00:00:00", "2024-01-15 00:00:00", false));
            TargetEngine.execute(db, "UPDATE stage.customer_src SET city = 'Molde' WHERE customer_id = 1");
            String day2 = Loads.sql(Loads.load("snap_customer", SNAPSHOTS, List.of(CUSTOMERS), String.format(call, T2)), engine.dialect());
            assertThatThrownBy(() -> Loads.run(db, day2)).isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(e.getMessage()).contains("offending keys (at most 5 shown): customer_id=1: overlapping ranges."
                            + " This run's write stays"));
        }
    }

    // ----- scd_hybrid_rebuild -----

    private static final EntityModel USERS = entity("stage", "user_src", attr("user_id", "INTEGER8"), attr("city", "VARCHAR"));
    private static final EntityModel USER_DIM = entity("dw", "user_dim", attr("user_sk", "SCD_ID", "INTEGER8", null),
            attr("user_id", "INTEGER8"), attr("city", "VARCHAR"), attr("scd_version", "SCD_VERSION", "INTEGER4", null),
            attr("valid_from", "VALID_FROM", "TIMESTAMP", null), attr("valid_to", "VALID_TO", "TIMESTAMP", null),
            attr("is_active", "VALIDITY_STATUS", "BOOLEAN", null));

    @ParameterizedTest(name = "{0}, open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void scdHybridRebuild(TargetEngine engine, String convention) throws Exception {
        // Where a load has no transaction (Databricks) the audit fails after its write, which stays:
        // these sequences assume the rollback; Databricks' audit SQL is in the goldens and parsed.
        org.junit.jupiter.api.Assumptions.assumeTrue(DvFixture.transactional(engine), "no multi-statement transactions");
        try (Connection db = prepare(engine, USERS, USER_DIM)) {
            String call = "<ftltemplate:scd_hybrid_rebuild:natural_key=user_id:open_end=" + convention
                    + ":audit_history=true:execution_time=\"\"\"TIMESTAMP '%s'\"\"\"%s>";
            TargetEngine.execute(db, "INSERT INTO stage.user_src VALUES (1, 'Oslo'), (2, 'Rome')");
            Loads.run(db, Loads.sql(Loads.load("user_rebuild", USER_DIM, List.of(USERS), String.format(call, T0, "")), engine.dialect()));
            TargetEngine.execute(db, "DELETE FROM stage.user_src WHERE user_id = 2");
            TargetEngine.execute(db, "UPDATE stage.user_src SET city = 'Bergen' WHERE user_id = 1");
            String day1 = Loads.sql(Loads.load("user_rebuild", USER_DIM, List.of(USERS), String.format(call, T1, ":audit_scope=full")),
                    engine.dialect());
            Target t = new Target("dw.user_dim", "user_id", "valid_from", "valid_to", "is_active", "TRUE", "FALSE", Loads.openEnd(convention));
            brokenHistoriesFail(db, day1, t, "scd_hybrid_rebuild load user_rebuild");
            String batchDay1 = Loads.sql(Loads.load("user_rebuild", USER_DIM, List.of(USERS), String.format(call, T1, "")), engine.dialect());
            batchScope(db, batchDay1, t, "scd_hybrid_rebuild load user_rebuild");
            String open = Loads.openEnd(convention);
            assertThat(Loads.sorted(db, "SELECT user_sk, user_id, city, scd_version, valid_from, valid_to, is_active FROM dw.user_dim"))
                    .isEqualTo(List.of(row("1", "1", "Oslo", "1", T0, T1, "false"), row("2", "2", "Rome", "1", T0, open, "true"),
                            row("3", "1", "Bergen", "2", T1, open, "true")));
        }
    }
}
