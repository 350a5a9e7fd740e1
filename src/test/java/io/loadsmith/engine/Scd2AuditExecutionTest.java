package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/**
 * scd2 with audit_history=true (issue 47 item 7) on every engine and both open-end conventions: a
 * sound history passes; a history corrupted by hand (two open versions, overlapping ranges, a
 * zero-length range, two rows of a key at one VALID_FROM) makes the next load fail, naming the
 * offending business keys, and the load's MERGE is rolled back with it.
 */
class Scd2AuditExecutionTest {

    private static final String V1 = Scd2ExecutionTest.V1;
    private static final String V2 = Scd2ExecutionTest.V2;
    private static final String T1 = "2023-01-01 00:00:00";
    private static final String T2 = "2023-06-15 00:00:00";
    private static final String T3 = "2024-04-01 00:00:00";
    private static final String T4 = "2024-05-01 00:00:00";
    private static final String ALL = "SELECT * FROM publish.D_VESSEL_SCD2";
    private static final String HISTORY = """
            SELECT mmsi_key, country, valid_from, valid_to, validity_status FROM publish.D_VESSEL_SCD2""";

    private static String load(TargetEngine engine, String convention) {
        return load(engine, convention, "");
    }

    private static String load(TargetEngine engine, String convention, String scope) {
        LoadModel model = new LoadModel("load_d_vessel_scd2", VesselFixture.target(), List.of(), List.of(
                new StepModel("drop_temp_start", StepType.OVERRIDE, "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;"),
                new StepModel("create_temp_table", StepType.OVERRIDE, Scd2ExecutionTest.CREATE_TEMP),
                new StepModel("merge_scd2_with_ftl", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_TMP_:open_end="
                        + convention + ":business_key=mmsi_key:audit_history=true" + scope + ">"),
                new StepModel("drop_temp_end", StepType.OVERRIDE, "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;")),
                Map.of());
        return Loads.GENERATORS.loads().generate(model, engine.dialect(), Map.of()).sql();
    }

    private static void source(Connection db, String... rows) throws SQLException {
        TargetEngine.execute(db, "DELETE FROM publish.vessel_source");
        TargetEngine.execute(db, "INSERT INTO publish.vessel_source VALUES " + String.join(", ", rows));
    }

    private static String src(String id, long mmsi, String country, String validFrom) {
        return "('" + id + "', " + mmsi + ", 'Sea Explorer', 70, 'Cargo', 'LR', '" + country + "', 'ais', TIMESTAMP '" + validFrom + "')";
    }

    /** A row of V2 (mmsi 257000002) written by hand, bypassing the load. */
    private static String corrupt(String id, String from, String to, int status) {
        return "INSERT INTO publish.D_VESSEL_SCD2 (vessel_scd_id, vessel_id, datahash, valid_from, valid_to, validity_status,"
                + " mmsi_key, vessel_name, vessel_type_code, vessel_type, country_code, country, source_system) VALUES ("
                + "'x" + from.substring(0, 4) + "', '" + id + "', 'h', TIMESTAMP '" + from + "', "
                + (to == null ? "NULL" : "TIMESTAMP '" + to + "'") + ", " + status + ", "
                + (V1.equals(id) ? 230000001 : 257000002) + ", 'Sea Explorer', 70, 'Cargo', 'LR', 'Hand', 'ais')";
    }

    @ParameterizedTest(name = "{0}, open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void aSoundHistoryPassesAndACorruptedOneFailsTheLoadNamingTheKeys(TargetEngine engine, String convention) throws Exception {
        // Where a load has no transaction (Databricks) the audit fails after its write, which stays:
        // these sequences assume the rollback; Databricks' audit SQL is in the goldens and parsed.
        org.junit.jupiter.api.Assumptions.assumeTrue(DvFixture.transactional(engine), "no multi-statement transactions");
        String open = Loads.openEnd(convention);
        try (Connection db = Scd2OptionsExecutionTest.prepare(engine)) {
            String load = load(engine, convention);

            source(db, src(V1, 230000001, "Liberia", T1), src(V2, 257000002, "Norway", T1));
            Loads.run(db, load);
            source(db, src(V1, 230000001, "Panama", T2), src(V2, 257000002, "Norway", T2));
            Loads.run(db, load);
            List<List<String>> sound = List.of(
                    row("230000001", "Liberia", T1, T2, "0"),
                    row("230000001", "Panama", T2, open, "1"),
                    row("257000002", "Norway", T1, open, "1"));
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(sound);

            // Each corruption by hand; the next load (V1 changes to Malta at T3) fails and writes nothing.
            source(db, src(V1, 230000001, "Malta", T3), src(V2, 257000002, "Norway", T3));
            String prefix = "scd2 load load_d_vessel_scd2: the target publish.D_VESSEL_SCD2 breaks its history invariants after"
                    + " the write; offending keys (at most 5 shown): ";
            String farOrNull = open;
            refused(db, load, corrupt(V2, T2, farOrNull, 1), prefix + "mmsi_key=257000002: two open versions. The load is rolled back");
            refused(db, load, corrupt(V2, T1, T2, 0), "mmsi_key=257000002: two rows with one valid_from.");
            refused(db, load, corrupt(V2, "2022-01-01 00:00:00", "2023-03-01 00:00:00", 0), "mmsi_key=257000002: overlapping ranges.");
            refused(db, load, corrupt(V2, "2022-01-01 00:00:00", "2022-01-01 00:00:00", 0),
                    "mmsi_key=257000002: a range that ends where or before it starts.");
            refused(db, load, corrupt(V2, "2022-01-01 00:00:00", T1, 1), "mmsi_key=257000002: a current flag that disagrees with the open end.");
            // Two keys broken at once are both named, in key order.
            TargetEngine.execute(db, corrupt(V1, "2022-01-01 00:00:00", "2023-03-01 00:00:00", 0));
            refused(db, load, corrupt(V2, T2, farOrNull, 1), "offending keys (at most 5 shown): mmsi_key=230000001: overlapping ranges;"
                    + " mmsi_key=257000002: two open versions. The load is rolled back");
            TargetEngine.execute(db, "DELETE FROM publish.D_VESSEL_SCD2 WHERE country = 'Hand'");

            // Repaired: the load runs and the history stays sound.
            Loads.run(db, load);
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(List.of(
                    row("230000001", "Liberia", T1, T2, "0"),
                    row("230000001", "Malta", T3, open, "1"),
                    row("230000001", "Panama", T2, T3, "0"),
                    row("257000002", "Norway", T1, open, "1")));
            source(db, src(V1, 230000001, "Malta", T4), src(V2, 257000002, "Norway", T4));
            Loads.run(db, load);
            assertThat(Loads.sorted(db, HISTORY)).hasSize(4);
        }
    }

    @ParameterizedTest(name = "{0}, open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void theDefaultAuditReadsTheTempTablesKeysAndFullTheWholeTarget(TargetEngine engine, String convention) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(DvFixture.transactional(engine), "no multi-statement transactions");
        String open = Loads.openEnd(convention);
        try (Connection db = Scd2OptionsExecutionTest.prepare(engine)) {
            String batch = load(engine, convention);
            String full = load(engine, convention, ":audit_scope=full");
            assertThat(batch).contains("WHERE EXISTS (SELECT 1 FROM (SELECT s.vessel_id FROM publish.Z_TMP_D_VESSEL_SCD2 s) b");
            assertThat(full).doesNotContain("WHERE EXISTS (SELECT 1 FROM (");
            source(db, src(V1, 230000001, "Liberia", T1), src(V2, 257000002, "Norway", T1));
            Loads.run(db, batch);
            // A delta extract of V1 alone; V2 has two open versions by hand.
            source(db, src(V1, 230000001, "Panama", T2));
            TargetEngine.execute(db, corrupt(V2, T2, open, 1));
            // The whole target audited: V2 is named, the load rolled back.
            List<List<String>> before = Loads.sorted(db, ALL);
            assertThatThrownBy(() -> Loads.run(db, full)).isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(e.getMessage()).contains("offending keys (at most 5 shown): mmsi_key=257000002: two open versions."));
            assertThat(Loads.sorted(db, ALL)).isEqualTo(before);
            // The batch's keys audited: V1 alone, sound; the load writes, V2's broken rows stay unseen.
            Loads.run(db, batch);
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(List.of(
                    row("230000001", "Liberia", T1, T2, "0"),
                    row("230000001", "Panama", T2, open, "1"),
                    row("257000002", "Hand", T2, open, "1"),
                    row("257000002", "Norway", T1, open, "1")));
            // A broken range of V1, which the batch writes, is named.
            source(db, src(V1, 230000001, "Malta", T3));
            refused(db, batch, corrupt(V1, "2022-01-01 00:00:00", "2023-03-01 00:00:00", 0),
                    "offending keys (at most 5 shown): mmsi_key=230000001: overlapping ranges. The load is rolled back");
        }
    }

    @org.junit.jupiter.api.Test
    void anAuditScopeOtherThanBatchOrFullIsRefusedNamingTheParameter() {
        assertThatThrownBy(() -> load(TargetEngine.POSTGRESQL, "null", ":audit_scope=keys"))
                .hasMessageContaining("parameter 'audit_scope' is one of batch, full, not 'keys'");
    }

    /** Writes the corrupt row, checks that the load fails with the message and leaves the table as it was, removes the row. */
    private static void refused(Connection db, String load, String corruptRow, String message) throws SQLException {
        TargetEngine.execute(db, corruptRow);
        List<List<String>> before = Loads.sorted(db, ALL);
        assertThatThrownBy(() -> Loads.run(db, load)).isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(e.getMessage()).contains(message));
        assertThat(Loads.sorted(db, ALL)).as("the failed load's MERGE is rolled back").isEqualTo(before);
        TargetEngine.execute(db, "DELETE FROM publish.D_VESSEL_SCD2 WHERE country = 'Hand'");
    }
}
