package io.loadsmith.engine;

import static io.loadsmith.engine.DvFixture.CITY;
import static io.loadsmith.engine.DvFixture.CUSTOMER_ID;
import static io.loadsmith.engine.DvFixture.CUSTOMER_STG;
import static io.loadsmith.engine.DvFixture.DV_DATAHASH;
import static io.loadsmith.engine.DvFixture.DV_ID;
import static io.loadsmith.engine.DvFixture.DV_LOAD_TIME;
import static io.loadsmith.engine.DvFixture.LOAD_TS;
import static io.loadsmith.engine.DvFixture.NAME;
import static io.loadsmith.engine.DvFixture.REC_SRC;
import static io.loadsmith.engine.DvFixture.SAT;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.ALICE;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.BOB;
import static io.loadsmith.engine.DvFixture.batch;
import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.generation.model.AttributeMappingModel;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.MappingModel;

/**
 * Generated SAT and PSA loads (historized by datahash as insert) executed batch after batch on
 * every engine: rules 3, 14-21 of dv-semantics.md.
 */
class GeneratedSatExecutionTest {

    private static final String SAT_ROWS = "SELECT dv_id, dv_load_time, dv_record_source, name, city FROM dv.sat_customer";

    private static String satSql(TargetEngine engine) {
        return Loads.sql(DvFixture.load("load_sat_customer", SAT, DvFixture.satMapping()), engine.dialect());
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void changesInLoadTimeOrderAcrossBatches(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, SAT)) {
            String sql = satSql(engine);
            // alice: an exact duplicate (once, lowest record source), then A -> B -> A (three rows);
            // bob: A, A (one row).
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'B'),"
                    + " ('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-03 00:00:00', 'A'),"
                    + " ('alice', 'Ann', 'Bergen', TIMESTAMP '2024-01-02 00:00:00', 'A'),"
                    + " ('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-02 00:00:00', 'A')");
            Loads.run(db, sql);
            List<List<String>> first = List.of(
                    row(BOB, "2024-01-01 00:00:00", "A", "Bob", "Rome"),
                    row(ALICE, "2024-01-01 00:00:00", "A", "Ann", "Oslo"),
                    row(ALICE, "2024-01-02 00:00:00", "A", "Ann", "Bergen"),
                    row(ALICE, "2024-01-03 00:00:00", "A", "Ann", "Oslo"));
            assertThat(Loads.sorted(db, SAT_ROWS)).isEqualTo(first);
            assertThat(Loads.rows(db, "SELECT dv_datahash FROM dv.sat_customer WHERE city = 'Oslo' AND dv_load_time = "
                    + "TIMESTAMP '2024-01-01 00:00:00'")).containsExactly(row("e9e047225c910d794f6b2b690d30cfaf")); // Ann~Oslo
            // A rerun of the multi-row batch inserts nothing; nor does an empty batch.
            Loads.run(db, sql);
            batch(db, CUSTOMER_STG, "");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, SAT_ROWS)).isEqualTo(first);
            // The key respelled with its latest payload is no change; a row older than the key's latest
            // is ignored; a change of case or of blanks in the payload is a change; an absent key gets nothing.
            batch(db, CUSTOMER_STG, "(' ALICE', 'Ann', 'Oslo', TIMESTAMP '2024-01-04 00:00:00', 'A'),"
                    + " ('alice', 'Ann', 'Rome', TIMESTAMP '2024-01-02 12:00:00', 'A'),"
                    + " ('bob', 'Bob', 'rome', TIMESTAMP '2024-01-05 00:00:00', 'A'),"
                    + " ('bob', 'Bob', 'rome ', TIMESTAMP '2024-01-06 00:00:00', 'A')");
            Loads.run(db, sql);
            // A change back to an earlier value across runs inserts again.
            batch(db, CUSTOMER_STG, "('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-07 00:00:00', 'A')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, SAT_ROWS)).containsExactly(
                    row(BOB, "2024-01-01 00:00:00", "A", "Bob", "Rome"),
                    row(BOB, "2024-01-05 00:00:00", "A", "Bob", "rome"),
                    row(BOB, "2024-01-06 00:00:00", "A", "Bob", "rome"),
                    row(BOB, "2024-01-07 00:00:00", "A", "Bob", "Rome"),
                    row(ALICE, "2024-01-01 00:00:00", "A", "Ann", "Oslo"),
                    row(ALICE, "2024-01-02 00:00:00", "A", "Ann", "Bergen"),
                    row(ALICE, "2024-01-03 00:00:00", "A", "Ann", "Oslo"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void nullAndEmptyPayloadAreDifferentStates(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, SAT)) {
            String sql = satSql(engine);
            batch(db, CUSTOMER_STG, "('carol', NULL, NULL, TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('carol', '', NULL, TIMESTAMP '2024-01-02 00:00:00', 'A'),"
                    + " (NULL, 'x', 'y', TIMESTAMP '2024-01-01 00:00:00', 'A')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, "SELECT dv_id, dv_load_time, dv_datahash FROM dv.sat_customer")).containsExactly(
                    row("6bb61e3b7bce0931da574d19d1d82c88", "2024-01-01 00:00:00", "08478f3170b416831c84709606ec6c77"), // -1; x~y
                    row("8f40b46d795347d0ec0b1a0163b116b2", "2024-01-01 00:00:00", "98a04a6ae4e3e2c5e8e520fd1f2e3b0f"), // CAROL; -1~-1
                    row("8f40b46d795347d0ec0b1a0163b116b2", "2024-01-02 00:00:00", "b14cc56fb22d5b18c8d9a88d78fe4fcf")); // CAROL; ~-1
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void conflictingRowsFailTheLoadBeforeAnyWrite(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, SAT)) {
            String sql = satSql(engine);
            batch(db, CUSTOMER_STG, "('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-01 00:00:00', 'A')");
            Loads.run(db, sql);
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-05 00:00:00', 'A'),"
                    + " ('Alice', 'Ann', 'Rome', TIMESTAMP '2024-01-05 00:00:00', 'B'),"
                    + " ('bob', 'Bob', 'Paris', TIMESTAMP '2024-01-05 00:00:00', 'A')");
            assertThatThrownBy(() -> Loads.run(db, sql)).isInstanceOf(SQLException.class)
                    .hasMessageContaining("the stage rows of key ALICE at load time 2024-01-05T00:00:00.000000 conflict");
            assertThat(Loads.sorted(db, SAT_ROWS)).containsExactly(row(BOB, "2024-01-01 00:00:00", "A", "Bob", "Rome"));
        }
    }

    @ParameterizedTest
    @EnumSource(value = TargetEngine.class, names = {"POSTGRESQL", "DUCKDB"})
    void conflictCheckGroupsByTheHashKeyOfATeamsOwnFormula(TargetEngine engine) throws Exception {
        // The check groups by the business key text only where HASH_KEY is the MD5 of that text (the
        // shipped formula). A team's HASH_KEY that keeps the case makes 'alice' and 'ALICE' two keys
        // of one business key text 'ALICE': grouped by that text they would conflict; they do not.
        TestGenerators own = TestGenerators.with(List.of(new InMemoryTemplates().addFormula("HASH_KEY", "default",
                "MD5(<#list sourceAttributes as a>${prefix}.${a.sqlName}<#sep> || '~' || </#list>)")));
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, SAT)) {
            String sql = own.loads().generate(DvFixture.load("load_sat_customer", SAT, DvFixture.satMapping()),
                    engine.dialect(), java.util.Map.of()).sql();
            assertThat(sql).contains("MD5(s.customer_id) AS dv_id");
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-05 00:00:00', 'A'),"
                    + " ('ALICE', 'Ann', 'Rome', TIMESTAMP '2024-01-05 00:00:00', 'B')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, "SELECT dv_record_source, name, city FROM dv.sat_customer")).containsExactly(
                    row("A", "Ann", "Oslo"), row("B", "Ann", "Rome"));
        }
    }

    @Test
    void binaryDatahashConflictFailsTheLoadOnPostgresql() throws Exception {
        // PostgreSQL 17 has no MIN / MAX of BYTEA: the check of a BINARY datahash counts distinct values.
        AttributeModel binaryHash = attr("dv_datahash", "DV_DATAHASH", "BINARY", 16);
        EntityModel sat = DvFixture.typed("dv", "sat_customer", "SAT", DV_ID, DV_LOAD_TIME, DvFixture.DV_RECORD_SOURCE,
                binaryHash, NAME, CITY);
        MappingModel mapping = DvFixture.mapping(CUSTOMER_STG, DvFixture.map(DV_ID, "HASH_KEY", CUSTOMER_ID),
                DvFixture.copy(DV_LOAD_TIME, LOAD_TS), DvFixture.copy(DvFixture.DV_RECORD_SOURCE, REC_SRC),
                new AttributeMappingModel(binaryHash, List.of(NAME, CITY), "CUSTOM", "DECODE(MD5(s.name || '~' || s.city), 'hex')"),
                DvFixture.copy(NAME, NAME), DvFixture.copy(CITY, CITY));
        try (Connection db = DvFixture.open(TargetEngine.POSTGRESQL, CUSTOMER_STG, sat)) {
            String sql = Loads.sql(DvFixture.load("load_sat_customer", sat, mapping), "postgresql");
            batch(db, CUSTOMER_STG, "('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-01 00:00:00', 'A')");
            Loads.run(db, sql);
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-05 00:00:00', 'A'),"
                    + " ('Alice', 'Ann', 'Rome', TIMESTAMP '2024-01-05 00:00:00', 'B')");
            assertThatThrownBy(() -> Loads.run(db, sql)).isInstanceOf(SQLException.class)
                    .hasMessageContaining("the stage rows of key ALICE at load time 2024-01-05T00:00:00.000000 conflict");
            batch(db, CUSTOMER_STG, "('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-02 00:00:00', 'A'),"
                    + " ('bob', 'Bob', 'Oslo', TIMESTAMP '2024-01-03 00:00:00', 'A')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, SAT_ROWS)).containsExactly(
                    row(BOB, "2024-01-01 00:00:00", "A", "Bob", "Rome"),
                    row(BOB, "2024-01-03 00:00:00", "A", "Bob", "Oslo"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void runLoadTimeRerunInsertsNothing(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, SAT)) {
            // No load time mapped: the run's CURRENT_TS; a rerun has a later time and the same datahashes.
            String sql = Loads.sql(DvFixture.load("load_sat_customer", SAT, DvFixture.mapping(CUSTOMER_STG,
                    DvFixture.map(DV_ID, "HASH_KEY", CUSTOMER_ID), DvFixture.map(DV_DATAHASH, "HASH_DIFF", NAME, CITY),
                    DvFixture.copy(NAME, NAME), DvFixture.copy(CITY, CITY))), engine.dialect());
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', NULL, NULL), ('bob', 'Bob', 'Rome', NULL, NULL)");
            Loads.run(db, sql);
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, "SELECT dv_id, name, city FROM dv.sat_customer WHERE dv_load_time IS NOT NULL"))
                    .containsExactly(row(BOB, "Bob", "Rome"), row(ALICE, "Ann", "Oslo"));
        }
    }

    private static final EntityModel PSA_TARGET = DvFixture.typed("dv", "psa_customer", "PSA",
            attr("dw_id", "DV_HASHKEY", "CHAR", 32), DV_LOAD_TIME, attr("dw_hash", "DV_DATAHASH", "CHAR", 32),
            CUSTOMER_ID, NAME, CITY, REC_SRC);

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void psaKeepsEveryDeliveredStateOnce(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, PSA_TARGET)) {
            var mapping = DvFixture.mapping(CUSTOMER_STG,
                    DvFixture.map(PSA_TARGET.attributes().get(0), "HASH_KEY", CUSTOMER_ID),
                    DvFixture.copy(DV_LOAD_TIME, LOAD_TS),
                    DvFixture.map(PSA_TARGET.attributes().get(2), "HASH_DIFF", CUSTOMER_ID, NAME, CITY, REC_SRC),
                    DvFixture.copy(CUSTOMER_ID, CUSTOMER_ID), DvFixture.copy(NAME, NAME), DvFixture.copy(CITY, CITY),
                    DvFixture.copy(REC_SRC, REC_SRC));
            String sql = Loads.sql(DvFixture.load("load_psa_customer", PSA_TARGET, mapping), engine.dialect());
            // The raw key spelling is payload in a PSA (rule 21): 'alice' then 'ALICE' is a change.
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('ALICE', 'Ann', 'Oslo', TIMESTAMP '2024-01-02 00:00:00', 'A')");
            Loads.run(db, sql);
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, "SELECT dw_id, dv_load_time, customer_id FROM dv.psa_customer")).containsExactly(
                    row(ALICE, "2024-01-01 00:00:00", "alice"), row(ALICE, "2024-01-02 00:00:00", "ALICE"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void caseSensitiveNamesOnEveryEngine(TargetEngine engine) throws Exception {
        AttributeModel userId = attr("userId", "VARCHAR").withCaseSensitive(true);
        AttributeModel loadedAt = attr("loadedAt", "TIMESTAMP").withCaseSensitive(true);
        EntityModel stage = DvFixture.typed("stage", "userStage", "STAGE", userId, NAME, loadedAt).withCaseSensitive(true);
        AttributeModel hubKey = attr("hubKey", "DV_HASHKEY", "CHAR", 32).withCaseSensitive(true);
        AttributeModel hash = attr("dataHash", "DV_DATAHASH", "CHAR", 32).withCaseSensitive(true);
        AttributeModel time = attr("loadTime", "DV_LOAD_TIME", "TIMESTAMP", null).withCaseSensitive(true);
        EntityModel sat = DvFixture.typed("dv", "satUser", "SAT", hubKey, time, hash, NAME).withCaseSensitive(true);
        try (Connection db = DvFixture.open(engine, stage, sat)) {
            String sql = Loads.sql(DvFixture.load("load_sat_user", sat, DvFixture.mapping(stage,
                    DvFixture.map(hubKey, "HASH_KEY", userId), DvFixture.copy(time, loadedAt),
                    DvFixture.map(hash, "HASH_DIFF", NAME), DvFixture.copy(NAME, NAME))), engine.dialect());
            TargetEngine.execute(db, "INSERT INTO stage." + DvFixture.quoted(engine, "userStage") + " VALUES ('alice', 'Ann', TIMESTAMP '2024-01-01 00:00:00'),"
                    + " ('Alice', 'Ann', TIMESTAMP '2024-01-02 00:00:00')");
            Loads.run(db, sql);
            Loads.run(db, sql);
            assertThat(Loads.rows(db, "SELECT " + DvFixture.quoted(engine, "hubKey") + ", " + DvFixture.quoted(engine, "loadTime")
                    + ", name FROM dv." + DvFixture.quoted(engine, "satUser")))
                    .containsExactly(row(ALICE, "2024-01-01 00:00:00", "Ann"));
        }
    }
}
