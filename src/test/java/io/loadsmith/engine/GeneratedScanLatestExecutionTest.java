package io.loadsmith.engine;

import static io.loadsmith.engine.DvFixture.CITY;
import static io.loadsmith.engine.DvFixture.CUSTOMER_ID;
import static io.loadsmith.engine.DvFixture.CUSTOMER_STG;
import static io.loadsmith.engine.DvFixture.DV_DATAHASH;
import static io.loadsmith.engine.DvFixture.DV_ID;
import static io.loadsmith.engine.DvFixture.DV_LOAD_TIME;
import static io.loadsmith.engine.DvFixture.DV_RECORD_SOURCE;
import static io.loadsmith.engine.DvFixture.LOAD_TS;
import static io.loadsmith.engine.DvFixture.NAME;
import static io.loadsmith.engine.DvFixture.REC_SRC;
import static io.loadsmith.engine.DvFixture.batch;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.ALICE;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.BOB;
import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.MappingModel;

/**
 * OPT_SCAN_ONLY_THE_LATEST_BY_KEY on SAT and PSA loads: the same batches loaded by the default SQL
 * into one table and by the scan-only SQL into a twin give the same rows after every batch, and
 * those rows are the ones written out by hand (rules 14-21).
 */
class GeneratedScanLatestExecutionTest {

    private static final Map<String, String> SCAN = Map.of("OPT_SCAN_ONLY_THE_LATEST_BY_KEY", "true");

    private static EntityModel named(EntityModel table, String name) {
        return DvFixture.typed(table.schema(), name, table.entityType(), table.attributes().toArray(AttributeModel[]::new));
    }

    /** The default and the scan-only load of the mapping into twin tables, their SQL and row query. */
    private record Twins(String defaultSql, String scanSql, String defaultRows, String scanRows) {

        static Twins of(EntityModel table, MappingModel mapping, Map<String, String> options, String dialect, String columns) {
            EntityModel scanTable = named(table, table.name() + "_scan");
            Map<String, String> scanOptions = new HashMap<>(options);
            scanOptions.putAll(SCAN);
            return new Twins(Loads.sql(DvFixture.load("load_default", table, options, List.of(mapping)), dialect),
                    Loads.sql(DvFixture.load("load_scan", scanTable, scanOptions, List.of(mapping)), dialect),
                    "SELECT " + columns + " FROM " + table.qualifiedName(), "SELECT " + columns + " FROM " + scanTable.qualifiedName());
        }

        /** Runs both loads on the stage's batch; both tables hold the same rows, which are returned. */
        List<List<String>> run(Connection db) throws SQLException {
            Loads.run(db, defaultSql);
            Loads.run(db, scanSql);
            List<List<String>> rows = Loads.sorted(db, defaultRows);
            assertThat(Loads.sorted(db, scanRows)).isEqualTo(rows);
            return rows;
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void satScanOnlyTheLatestGivesTheDefaultRows(TargetEngine engine) throws Exception {
        EntityModel sat = DvFixture.SAT;
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, sat, named(sat, "sat_customer_scan"))) {
            Twins twins = Twins.of(sat, DvFixture.satMapping(), Map.of(), engine.dialect(),
                    "dv_id, dv_load_time, dv_record_source, dv_datahash, name, city");
            // Both read the target once (one window, no MAX per key); the scan-only SQL only the batch's keys.
            assertThat(twins.scanSql()).contains("WHERE t.dv_id IN (").doesNotContain("MAX(t.dv_load_time)");
            assertThat(twins.defaultSql()).doesNotContain("WHERE t.dv_id IN (").doesNotContain("MAX(t.dv_load_time)");
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'B'),"
                    + " ('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-03 00:00:00', 'A'),"
                    + " ('alice', 'Ann', 'Bergen', TIMESTAMP '2024-01-02 00:00:00', 'A'),"
                    + " ('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-02 00:00:00', 'A')");
            twins.run(db);
            assertThat(twins.run(db)).hasSize(4); // a rerun inserts nothing
            batch(db, CUSTOMER_STG, "");
            twins.run(db);
            batch(db, CUSTOMER_STG, "(' ALICE', 'Ann', 'Oslo', TIMESTAMP '2024-01-04 00:00:00', 'A'),"
                    + " ('alice', 'Ann', 'Rome', TIMESTAMP '2024-01-02 12:00:00', 'A'),"
                    + " ('bob', 'Bob', 'rome', TIMESTAMP '2024-01-05 00:00:00', 'A'),"
                    + " ('bob', 'Bob', 'rome ', TIMESTAMP '2024-01-06 00:00:00', 'A'),"
                    + " (NULL, 'x', 'y', TIMESTAMP '2024-01-01 00:00:00', 'A')");
            twins.run(db);
            batch(db, CUSTOMER_STG, "('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-07 00:00:00', 'A')");
            assertThat(twins.run(db)).containsExactly(
                    row(BOB, "2024-01-01 00:00:00", "A", "981e47eb98d91f8bf03c84e721d4a919", "Bob", "Rome"),   // Bob~Rome
                    row(BOB, "2024-01-05 00:00:00", "A", "27a08c9d1715148334e3da985bd79a00", "Bob", "rome"),   // Bob~rome
                    row(BOB, "2024-01-06 00:00:00", "A", "7aea8961592d3bf9f466db9ede40f938", "Bob", "rome"),   // Bob~rome_ (text() strips the trailing blank)
                    row(BOB, "2024-01-07 00:00:00", "A", "981e47eb98d91f8bf03c84e721d4a919", "Bob", "Rome"),
                    row(GeneratedRefDimFactExecutionTest.MINUS_ONE, "2024-01-01 00:00:00", "A",
                            "08478f3170b416831c84709606ec6c77", "x", "y"),                                      // x~y
                    row(ALICE, "2024-01-01 00:00:00", "A", "e9e047225c910d794f6b2b690d30cfaf", "Ann", "Oslo"),  // Ann~Oslo
                    row(ALICE, "2024-01-02 00:00:00", "A", "b7a0a44503b0f59d0fab2039470e0084", "Ann", "Bergen"), // Ann~Bergen
                    row(ALICE, "2024-01-03 00:00:00", "A", "e9e047225c910d794f6b2b690d30cfaf", "Ann", "Oslo"));
            // Conflicting rows stop the scan-only load too, before any write.
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-09 00:00:00', 'A'),"
                    + " ('Alice', 'Ann', 'Rome', TIMESTAMP '2024-01-09 00:00:00', 'B')");
            assertThatThrownBy(() -> Loads.run(db, twins.scanSql())).isInstanceOf(SQLException.class)
                    .hasMessageContaining("the stage rows of key ALICE at load time 2024-01-09T00:00:00.000000 conflict");
            assertThat(Loads.sorted(db, twins.scanRows())).hasSize(8);
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void psaWithWhereOptionsScanOnlyTheLatestGivesTheDefaultRows(TargetEngine engine) throws Exception {
        AttributeModel dwId = attr("dw_id", "DV_HASHKEY", "CHAR", 32);
        AttributeModel dwHash = attr("dw_hash", "DV_DATAHASH", "CHAR", 32);
        EntityModel psa = DvFixture.typed("dv", "psa_customer", "PSA", dwId, DV_LOAD_TIME, dwHash, CUSTOMER_ID, NAME, CITY,
                REC_SRC);
        MappingModel mapping = DvFixture.mapping(CUSTOMER_STG, DvFixture.map(dwId, "HASH_KEY", CUSTOMER_ID),
                DvFixture.copy(DV_LOAD_TIME, LOAD_TS), DvFixture.map(dwHash, "HASH_DIFF", CUSTOMER_ID, NAME, CITY, REC_SRC),
                DvFixture.copy(CUSTOMER_ID, CUSTOMER_ID), DvFixture.copy(NAME, NAME), DvFixture.copy(CITY, CITY),
                DvFixture.copy(REC_SRC, REC_SRC));
        // Source rows of record source 'X' are not loaded; target rows of 'OLD' do not count as history.
        Map<String, String> options = Map.of("OPT_WHERE", "s.rec_src <> 'X'", "OPT_NOT_EXISTS_WHERE", "t.rec_src <> 'OLD'");
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, psa, named(psa, "psa_customer_scan"))) {
            Twins twins = Twins.of(psa, mapping, options, engine.dialect(), "dw_id, dv_load_time, customer_id, city, rec_src");
            for (String table : List.of("psa_customer", "psa_customer_scan")) {
                TargetEngine.execute(db, "INSERT INTO dv." + table + " VALUES ('" + ALICE + "', TIMESTAMP '2024-01-05 00:00:00',"
                        + " 'old', 'alice', 'Ann', 'Oslo', 'OLD')");
            }
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('ALICE', 'Ann', 'Oslo', TIMESTAMP '2024-01-02 00:00:00', 'A'),"
                    + " ('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-01 00:00:00', 'X')");
            twins.run(db);
            batch(db, CUSTOMER_STG, "('ALICE', 'Ann', 'Oslo', TIMESTAMP '2024-01-03 00:00:00', 'A'),"
                    + " ('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-04 00:00:00', 'A'),"
                    + " ('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-01 12:00:00', 'A')");
            assertThat(twins.run(db)).containsExactly(
                    row(ALICE, "2024-01-01 00:00:00", "alice", "Oslo", "A"),
                    row(ALICE, "2024-01-02 00:00:00", "ALICE", "Oslo", "A"),
                    row(ALICE, "2024-01-04 00:00:00", "alice", "Oslo", "A"),
                    row(ALICE, "2024-01-05 00:00:00", "alice", "Oslo", "OLD"));
        }
    }
}
