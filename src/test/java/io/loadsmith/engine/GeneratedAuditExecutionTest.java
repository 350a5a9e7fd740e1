package io.loadsmith.engine;

import static io.loadsmith.engine.DvFixture.CUSTOMER_ID;
import static io.loadsmith.engine.DvFixture.CUSTOMER_STG;
import static io.loadsmith.engine.DvFixture.DV_DATAHASH;
import static io.loadsmith.engine.DvFixture.DV_ID;
import static io.loadsmith.engine.DvFixture.DV_LOAD_TIME;
import static io.loadsmith.engine.DvFixture.DV_RECORD_SOURCE;
import static io.loadsmith.engine.DvFixture.HUB;
import static io.loadsmith.engine.DvFixture.LINK;
import static io.loadsmith.engine.DvFixture.LOAD_TS;
import static io.loadsmith.engine.DvFixture.ORDER_STG;
import static io.loadsmith.engine.DvFixture.REC_SRC;
import static io.loadsmith.engine.DvFixture.batch;
import static io.loadsmith.engine.DvFixture.copy;
import static io.loadsmith.engine.DvFixture.map;
import static io.loadsmith.engine.DvFixture.mapping;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.ALICE;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.BOB;
import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.MappingModel;

/**
 * OPT_AUDIT_HISTORY=true on generated loads (issue 47 item 7), on every engine: hub and link keys
 * unique, one satellite / PSA row per key and load time, one set (datahash) per key and load time in
 * a multi-active satellite. A sound target passes; a row written by hand that breaks the rule makes
 * the next load fail naming the key (and load time), with the load's insert rolled back.
 */
class GeneratedAuditExecutionTest {

    private static final Map<String, String> AUDIT = Map.of("OPT_AUDIT_HISTORY", "true");
    /** The whole target audited: these tests break a key the next batch does not touch. */
    private static final Map<String, String> FULL = Map.of("OPT_AUDIT_HISTORY", "full");
    private static final String T1 = "2024-01-01 00:00:00";

    private static String sql(TargetEngine engine, EntityModel target, MappingModel mapping) {
        return sql(engine, target, mapping, AUDIT);
    }

    private static String sql(TargetEngine engine, EntityModel target, MappingModel mapping, Map<String, String> options) {
        return Loads.sql(DvFixture.load("load_" + target.name(), target, options, List.of(mapping)), engine.dialect());
    }

    /**
     * The load fails with the message and the target keeps the rows it had. Without multi-statement
     * transactions (Databricks) the audit runs after the write, which stays, and the message says so.
     */
    private static void refused(TargetEngine engine, Connection db, String sql, String table, String message)
            throws SQLException {
        boolean atomic = DvFixture.transactional(engine);
        List<List<String>> before = Loads.sorted(db, "SELECT * FROM " + table);
        String expected = atomic ? message : message.replace(". The load is rolled back", ". This run's write stays");
        assertThatThrownBy(() -> Loads.run(db, sql)).isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(e.getMessage()).contains(expected));
        if (atomic) {
            assertThat(Loads.sorted(db, "SELECT * FROM " + table)).as("the failed load is rolled back").isEqualTo(before);
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void hubKeysStayUnique(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, HUB)) {
            String sql = sql(engine, HUB, DvFixture.hubMapping(), FULL);
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '" + T1 + "', 'A'), ('bob', 'Bob', 'Rome', TIMESTAMP '" + T1 + "', 'A')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, "SELECT dv_id, business_key FROM dv.hub_customer"))
                    .isEqualTo(List.of(row(BOB, "BOB"), row(ALICE, "ALICE")));
            // alice's key twice, by hand: the next batch (carol) fails naming it, carol is not kept.
            TargetEngine.execute(db, "INSERT INTO dv.hub_customer SELECT * FROM dv.hub_customer WHERE business_key = 'ALICE'");
            batch(db, CUSTOMER_STG, "('carol', 'Cat', 'Oslo', TIMESTAMP '2024-01-02 00:00:00', 'A')");
            refused(engine, db, sql, "dv.hub_customer", "generated HUB load load_hub_customer: the target dv.hub_customer breaks its history"
                    + " invariants after the write; offending keys (at most 5 shown): dv_id=" + ALICE + ": several rows. The load is rolled back");
            TargetEngine.execute(db, "DELETE FROM dv.hub_customer WHERE business_key = 'ALICE'");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, "SELECT business_key FROM dv.hub_customer")).isEqualTo(List.of(row("BOB"), row("CAROL")));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void linkKeysStayUnique(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, ORDER_STG, LINK)) {
            String sql = sql(engine, LINK, DvFixture.linkMapping(), FULL);
            batch(db, ORDER_STG, "('a', 'p1', TIMESTAMP '" + T1 + "', 'A'), ('b', 'p1', TIMESTAMP '" + T1 + "', 'A')");
            Loads.run(db, sql);
            assertThat(Loads.rows(db, "SELECT COUNT(*) FROM dv.link_order")).containsExactly(row("2"));
            List<List<String>> keys = Loads.sorted(db, "SELECT dv_id FROM dv.link_order");
            TargetEngine.execute(db, "INSERT INTO dv.link_order SELECT * FROM dv.link_order");
            batch(db, ORDER_STG, "('c', 'p1', TIMESTAMP '2024-01-02 00:00:00', 'A')");
            refused(engine, db, sql, "dv.link_order", "offending keys (at most 5 shown): dv_id=" + keys.get(0).get(0) + ": several rows; dv_id="
                    + keys.get(1).get(0) + ": several rows. The load is rolled back");
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void satelliteAndPsaRowsStayOnePerKeyAndLoadTime(TargetEngine engine) throws Exception {
        // PSA, SAT, and SAT with OPT_SCAN_ONLY_THE_LATEST_BY_KEY (its other statement path).
        for (String variant : List.of("SAT", "PSA", "SAT scan")) {
            String kind = variant.substring(0, 3);
            Map<String, String> options = variant.endsWith("scan")
                    ? Map.of("OPT_AUDIT_HISTORY", "full", "OPT_SCAN_ONLY_THE_LATEST_BY_KEY", "true") : FULL;
            EntityModel target = DvFixture.typed("dv", kind.toLowerCase() + "_customer", kind, DV_ID, DV_LOAD_TIME, DV_RECORD_SOURCE,
                    DV_DATAHASH, DvFixture.NAME, DvFixture.CITY);
            try (Connection db = DvFixture.open(engine, CUSTOMER_STG, target)) {
                String table = "dv." + target.name();
                String sql = sql(engine, target, DvFixture.satMapping(), options);
                batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '" + T1 + "', 'A'), ('bob', 'Bob', 'Rome', TIMESTAMP '" + T1 + "', 'A')");
                Loads.run(db, sql);
                assertThat(Loads.sorted(db, "SELECT dv_id, name, city FROM " + table))
                        .isEqualTo(List.of(row(BOB, "Bob", "Rome"), row(ALICE, "Ann", "Oslo")));
                // A second row of alice at the same load time, by hand.
                TargetEngine.execute(db, "INSERT INTO " + table + " (dv_id, dv_load_time, dv_record_source, dv_datahash, name, city)"
                        + " VALUES ('" + ALICE + "', TIMESTAMP '" + T1 + "', 'hand', 'x', 'Ann', 'Hand')");
                batch(db, CUSTOMER_STG, "('bob', 'Bob', 'Milan', TIMESTAMP '2024-01-02 00:00:00', 'A')");
                refused(engine, db, sql, table, "generated " + kind + " load load_" + target.name() + ": the target " + table + " breaks its history"
                        + " invariants after the write; offending keys (at most 5 shown): dv_id=" + ALICE
                        + ", dv_load_time=2024-01-01T00:00:00.000000: several rows at one load time. The load is rolled back");
                TargetEngine.execute(db, "DELETE FROM " + table + " WHERE city = 'Hand'");
                Loads.run(db, sql);
                assertThat(Loads.rows(db, "SELECT COUNT(*) FROM " + table)).containsExactly(row("3"));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void hubAuditReadsTheBatchsKeys(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, HUB)) {
            String sql = sql(engine, HUB, DvFixture.hubMapping());
            assertThat(sql).contains("WHERE EXISTS (SELECT 1 FROM (");
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '" + T1 + "', 'A')");
            Loads.run(db, sql);
            // alice's key twice, by hand: a batch without alice cannot have written it, so the audit
            // of the batch's keys does not see it (OPT_AUDIT_HISTORY=full does, above) and carol loads ...
            TargetEngine.execute(db, "INSERT INTO dv.hub_customer SELECT * FROM dv.hub_customer WHERE business_key = 'ALICE'");
            batch(db, CUSTOMER_STG, "('carol', 'Cat', 'Oslo', TIMESTAMP '2024-01-02 00:00:00', 'A')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, "SELECT business_key FROM dv.hub_customer"))
                    .isEqualTo(List.of(row("ALICE"), row("ALICE"), row("CAROL")));
            // ... while a batch that brings alice again is refused naming her, bob not kept.
            batch(db, CUSTOMER_STG, "('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-03 00:00:00', 'A'),"
                    + " (' Alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-03 00:00:00', 'A')");
            refused(engine, db, sql, "dv.hub_customer", "offending keys (at most 5 shown): dv_id=" + ALICE + ": several rows. The load is rolled back");
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void aBatchThatBreaksItsOwnKeyFailsNamingIt(TargetEngine engine) throws Exception {
        // Without duplicate prevention the load itself writes a key twice: the hub on a rerun, the
        // satellite a second row at one load time. The audit of the batch's keys stops both.
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, HUB, DvFixture.SAT)) {
            Map<String, String> skip = Map.of("OPT_AUDIT_HISTORY", "true", "OPT_SKIP_DUPLICATE_PREVENTION", "true");
            String hub = sql(engine, HUB, DvFixture.hubMapping(), skip);
            String sat = sql(engine, DvFixture.SAT, DvFixture.satMapping(), skip);
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '" + T1 + "', 'A'), ('bob', 'Bob', 'Rome', TIMESTAMP '" + T1 + "', 'A')");
            Loads.run(db, hub);
            Loads.run(db, sat);
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '" + T1 + "', 'A')");
            refused(engine, db, hub, "dv.hub_customer", "generated HUB load load_hub_customer: the target dv.hub_customer breaks its"
                    + " history invariants after the write; offending keys (at most 5 shown): dv_id=" + ALICE + ": several rows."
                    + " The load is rolled back");
            refused(engine, db, sat, "dv.sat_customer", "generated SAT load load_sat_customer: the target dv.sat_customer breaks its"
                    + " history invariants after the write; offending keys (at most 5 shown): dv_id=" + ALICE
                    + ", dv_load_time=2024-01-01T00:00:00.000000: several rows at one load time. The load is rolled back");
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void satelliteAuditReadsTheBatchsKeys(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, DvFixture.SAT)) {
            String sql = sql(engine, DvFixture.SAT, DvFixture.satMapping());
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '" + T1 + "', 'A'), ('bob', 'Bob', 'Rome', TIMESTAMP '" + T1 + "', 'A')");
            Loads.run(db, sql);
            TargetEngine.execute(db, "INSERT INTO dv.sat_customer (dv_id, dv_load_time, dv_record_source, dv_datahash, name, city)"
                    + " VALUES ('" + ALICE + "', TIMESTAMP '" + T1 + "', 'hand', 'x', 'Ann', 'Hand')");
            // bob's batch cannot have written alice: loaded, alice's broken rows unseen.
            batch(db, CUSTOMER_STG, "('bob', 'Bob', 'Milan', TIMESTAMP '2024-01-02 00:00:00', 'A')");
            Loads.run(db, sql);
            assertThat(Loads.rows(db, "SELECT COUNT(*) FROM dv.sat_customer")).containsExactly(row("4"));
            // A batch with alice is audited over all of alice's rows, the old ones included.
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Bergen', TIMESTAMP '2024-01-03 00:00:00', 'A')");
            refused(engine, db, sql, "dv.sat_customer", "offending keys (at most 5 shown): dv_id=" + ALICE
                    + ", dv_load_time=2024-01-01T00:00:00.000000: several rows at one load time. The load is rolled back");
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void multiActiveSetsStayOnePerKeyAndLoadTime(TargetEngine engine) throws Exception {
        AttributeModel phone = attr("phone", "VARCHAR");
        EntityModel stage = DvFixture.typed("stage", "phone_stg", "STAGE", CUSTOMER_ID, phone, LOAD_TS, REC_SRC);
        EntityModel satMa = DvFixture.typed("dv", "sat_ma_phone", "SAT_MA", DV_ID, DV_LOAD_TIME, DV_RECORD_SOURCE, DV_DATAHASH, phone);
        try (Connection db = DvFixture.open(engine, stage, satMa)) {
            String sql = sql(engine, satMa, mapping(stage, map(DV_ID, "HASH_KEY", CUSTOMER_ID), copy(DV_LOAD_TIME, LOAD_TS),
                    copy(DV_RECORD_SOURCE, REC_SRC), map(DV_DATAHASH, "HASH_LIST", phone), copy(phone, phone)));
            batch(db, stage, "('alice', 'a', TIMESTAMP '" + T1 + "', 'A'), ('alice', 'b', TIMESTAMP '" + T1 + "', 'A')");
            Loads.run(db, sql);
            assertThat(Loads.rows(db, "SELECT COUNT(*) FROM dv.sat_ma_phone")).containsExactly(row("2"));
            // A member with another set's datahash at the same key and load time, by hand.
            TargetEngine.execute(db, "INSERT INTO dv.sat_ma_phone VALUES ('" + ALICE + "', TIMESTAMP '" + T1 + "', 'hand', 'x', 'c')");
            batch(db, stage, "('alice', 'a', TIMESTAMP '2024-01-02 00:00:00', 'A')");
            refused(engine, db, sql, "dv.sat_ma_phone", "offending keys (at most 5 shown): dv_id=" + ALICE
                    + ", dv_load_time=2024-01-01T00:00:00.000000: several sets (datahashes) at one load time. The load is rolled back");
        }
    }

    @Test
    void theOptionTakesTrueOrFalseAndOnlyWhereItApplies() {
        LoadModel yes = DvFixture.load("load_hub_customer", HUB, Map.of("OPT_AUDIT_HISTORY", "yes"), List.of(DvFixture.hubMapping()));
        assertThatThrownBy(() -> Loads.sql(yes, "postgresql"))
                .hasMessageContaining("load option OPT_AUDIT_HISTORY is 'yes'; it takes true or false.");
        EntityModel out = DvFixture.typed("stage", "customer_out", "STAGE", CUSTOMER_ID);
        LoadModel stage = DvFixture.load("load_out", out, AUDIT, List.of(mapping(CUSTOMER_STG, copy(CUSTOMER_ID, CUSTOMER_ID))));
        assertThatThrownBy(() -> Loads.sql(stage, "postgresql"))
                .hasMessageContaining("load option OPT_AUDIT_HISTORY does not apply to a generated STAGE load (the history audit is"
                        + " generated for HUB, LINK, SAT, PSA and SAT_MA loads); remove it or set it false.");
        // full: the whole target; true: only the batch's keys.
        LoadModel full = DvFixture.load("load_hub_customer", HUB, FULL, List.of(DvFixture.hubMapping()));
        assertThat(Loads.sql(full, "postgresql")).contains("-- Audit (OPT_AUDIT_HISTORY): one row per key of the whole target")
                .doesNotContain("WHERE EXISTS");
        assertThat(Loads.sql(DvFixture.load("load_hub_customer", HUB, AUDIT, List.of(DvFixture.hubMapping())), "postgresql"))
                .contains("-- Audit (OPT_AUDIT_HISTORY): one row per key of the keys of this batch");
        // Off (false or absent) the SQL is the load's without the audit.
        LoadModel off = DvFixture.load("load_hub_customer", HUB, Map.of("OPT_AUDIT_HISTORY", "false"), List.of(DvFixture.hubMapping()));
        assertThat(Loads.sql(off, "postgresql"))
                .isEqualTo(Loads.sql(DvFixture.load("load_hub_customer", HUB, DvFixture.hubMapping()), "postgresql"));
    }
}
