package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/**
 * The scd2 template's options (issue 13) on every engine and with both open-end conventions: the
 * duplicate check, open_end, delete detection (invalidate_hard_deletes) and tracked columns. The
 * expected histories are written out by hand.
 */
class Scd2OptionsExecutionTest {

    private static final String V1 = Scd2ExecutionTest.V1;
    private static final String V2 = Scd2ExecutionTest.V2;
    private static final String T1 = "2023-01-01 00:00:00";
    private static final String T2 = "2023-06-15 00:00:00";
    private static final String T3 = "2024-04-01 00:00:00";
    private static final String T4 = "2024-05-01 00:00:00";
    private static final String T5 = "2024-06-01 00:00:00";
    private static final String FAR = "9999-12-31 00:00:00";
    private static final String HISTORY = """
            SELECT vessel_id, vessel_name, vessel_type, country, valid_from, valid_to, validity_status
            FROM publish.D_VESSEL_SCD2""";

    static Stream<Arguments> enginesAndConventions() {
        return Stream.of(TargetEngine.values()).flatMap(e -> Stream.of("far_future", "null").map(c -> Arguments.of(e, c)));
    }

    /** A fresh database with the vessel target and its source table (Scd2AuditExecutionTest's too). */
    static Connection prepare(TargetEngine engine) throws SQLException {
        Connection db = engine.open();
        TargetEngine.execute(db, "CREATE SCHEMA publish");
        Loads.create(db, engine, VesselFixture.target());
        TargetEngine.execute(db, Scd2ExecutionTest.SOURCE);
        return db;
    }

    /** The seed's four-step vessel load with the scd2 call's extra parameters. */
    private static String load(TargetEngine engine, String parameters) {
        LoadModel model = new LoadModel("load_d_vessel_scd2", VesselFixture.target(), List.of(), List.of(
                new StepModel("drop_temp_start", StepType.OVERRIDE, "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;"),
                new StepModel("create_temp_table", StepType.OVERRIDE, Scd2ExecutionTest.CREATE_TEMP),
                new StepModel("merge_scd2_with_ftl", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_TMP_" + parameters + ">"),
                new StepModel("drop_temp_end", StepType.OVERRIDE, "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;")),
                Map.of());
        return Loads.GENERATORS.loads().generate(model, engine.dialect(), Map.of()).sql();
    }

    private static String at(String timestamp) {
        return ":execution_time=\"\"\"TIMESTAMP '" + timestamp + "'\"\"\"";
    }

    private static void run(Connection db, String load, boolean openNull, String... rows) throws SQLException {
        TargetEngine.execute(db, "DELETE FROM publish.vessel_source");
        if (rows.length > 0) {
            TargetEngine.execute(db, "INSERT INTO publish.vessel_source VALUES " + String.join(", ", rows));
        }
        Loads.run(db, load);
        Invariants.history(db, "publish.D_VESSEL_SCD2", List.of("vessel_id"), "valid_from", "valid_to", "validity_status", openNull);
    }

    private static String src(String id, String name, String type, String country, String validFrom) {
        return "('" + id + "', 230000001, '" + name + "', 70, '" + type + "', 'LR', "
                + (country == null ? "NULL" : "'" + country + "'") + ", 'ais', TIMESTAMP '" + validFrom + "')";
    }

    private static String open(String convention) {
        return "null".equals(convention) ? null : FAR;
    }

    @ParameterizedTest(name = "{0}, open_end={1}")
    @MethodSource("enginesAndConventions")
    void openEndConventionClosesAndReopensAndRerunsChangeNothing(TargetEngine engine, String convention) throws Exception {
        boolean openNull = "null".equals(convention);
        try (Connection db = prepare(engine)) {
            String load = load(engine, ":open_end=" + convention + ":check_duplicates=true");
            run(db, load, openNull, src(V1, "Sea Explorer", "Cargo", "Liberia", T1), src(V2, "Nordic Star", "Cargo", "Norway", T1));
            run(db, load, openNull, src(V1, "Sea Explorer", "Cargo", "Panama", T2), src(V2, "Nordic Star", "Cargo", "Norway", T2));
            run(db, load, openNull, src(V1, "Sea Explorer", "Cargo", null, T3), src(V2, "Nordic Star", "Cargo", "Norway", T3));
            List<List<String>> expected = List.of(
                    row(V1, "Sea Explorer", "Cargo", null, T3, open(convention), "1"),
                    row(V1, "Sea Explorer", "Cargo", "Liberia", T1, T2, "0"),
                    row(V1, "Sea Explorer", "Cargo", "Panama", T2, T3, "0"),
                    row(V2, "Nordic Star", "Cargo", "Norway", T1, open(convention), "1"));
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(expected);
            run(db, load, openNull, src(V1, "Sea Explorer", "Cargo", null, T4), src(V2, "Nordic Star", "Cargo", "Norway", T4));
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "{0}, open_end={1}")
    @MethodSource("enginesAndConventions")
    void duplicateKeysStopTheLoadBeforeAnyWrite(TargetEngine engine, String convention) throws Exception {
        boolean openNull = "null".equals(convention);
        try (Connection db = prepare(engine)) {
            String load = load(engine, ":open_end=" + convention + ":check_duplicates=true:business_key=mmsi_key,vessel_name");
            run(db, load, openNull, src(V1, "Sea Explorer", "Cargo", "Liberia", T1));
            List<List<String>> before = Loads.sorted(db, "SELECT * FROM publish.D_VESSEL_SCD2");

            // The message names the business key and the offending key's values, not the hash key and a hash.
            refused(db, load, "scd2 load load_d_vessel_scd2: the source publish.Z_TMP_D_VESSEL_SCD2 has several rows for one"
                    + " business key (mmsi_key, vessel_name); example: mmsi_key=230000001, vessel_name=Sea Explorer."
                    + " Give the source one row per key.",
                    src(V1, 230000001L, "Sea Explorer", "Panama"), src(V1, 230000001L, "Sea Explorer", "Malta"),
                    src(V2, 257000002L, "Nordic Star", "Norway"));
            // A NULL part of the key reads NULL; the other key's values do not show.
            refused(db, load, "has several rows for one business key (mmsi_key, vessel_name); example: mmsi_key=NULL,"
                    + " vessel_name=Nordic Star. Give",
                    src(V1, 230000001L, "Sea Explorer", "Panama"), src(V2, null, "Nordic Star", "Norway"),
                    src(V2, null, "Nordic Star", "Sweden"));
            assertThat(Loads.sorted(db, "SELECT * FROM publish.D_VESSEL_SCD2")).isEqualTo(before);
            // Without business_key and without BUSINESS_KEY attributes the hash key is all there is to name.
            String unnamed = load(engine, ":open_end=" + convention + ":check_duplicates=true");
            refused(db, unnamed, "has several rows for one key (vessel_id; give business_key to name the business key"
                    + " instead); example: vessel_id=" + V1,
                    src(V1, 230000001L, "Sea Explorer", "Panama"), src(V1, 230000001L, "Sea Explorer", "Malta"));
            assertThat(Loads.sorted(db, "SELECT * FROM publish.D_VESSEL_SCD2")).isEqualTo(before);
        }
    }

    private static void refused(Connection db, String load, String message, String... rows) throws SQLException {
        TargetEngine.execute(db, "DELETE FROM publish.vessel_source");
        TargetEngine.execute(db, "INSERT INTO publish.vessel_source VALUES " + String.join(", ", rows));
        assertThatThrownBy(() -> Loads.run(db, load)).isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(e.getMessage()).contains(message));
    }

    /** A source row at T2 with its own MMSI (null: none). */
    private static String src(String id, Long mmsi, String name, String country) {
        return "('" + id + "', " + (mmsi == null ? "NULL" : mmsi) + ", '" + name + "', 70, 'Cargo', 'LR', '" + country
                + "', 'ais', TIMESTAMP '" + T2 + "')";
    }

    @ParameterizedTest(name = "{0}, open_end={1}")
    @MethodSource("enginesAndConventions")
    void keysMissingFromACompleteInputAreClosedAtTheRunTimeAndMayComeBack(TargetEngine engine, String convention) throws Exception {
        boolean openNull = "null".equals(convention);
        String common = ":open_end=" + convention + ":invalidate_hard_deletes=true:check_duplicates=true";
        try (Connection db = prepare(engine)) {
            run(db, load(engine, common + at(T1)), openNull,
                    src(V1, "Sea Explorer", "Cargo", "Liberia", T1), src(V2, "Nordic Star", "Cargo", "Norway", T1));
            // V2 is missing: its current version ends at the run time T2, and no version is open.
            run(db, load(engine, common + at(T2)), openNull, src(V1, "Sea Explorer", "Cargo", "Liberia", T2));
            List<List<String>> closed = List.of(
                    row(V1, "Sea Explorer", "Cargo", "Liberia", T1, open(convention), "1"),
                    row(V2, "Nordic Star", "Cargo", "Norway", T1, T2, "0"));
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(closed);
            // The same input again, later: nothing changes.
            run(db, load(engine, common + at(T3)), openNull, src(V1, "Sea Explorer", "Cargo", "Liberia", T3));
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(closed);
            // V2 comes back unchanged: a new version from its VALID_FROM.
            run(db, load(engine, common + at(T4)), openNull,
                    src(V1, "Sea Explorer", "Cargo", "Liberia", T4), src(V2, "Nordic Star", "Cargo", "Norway", T4));
            List<List<String>> back = List.of(
                    row(V1, "Sea Explorer", "Cargo", "Liberia", T1, open(convention), "1"),
                    row(V2, "Nordic Star", "Cargo", "Norway", T1, T2, "0"),
                    row(V2, "Nordic Star", "Cargo", "Norway", T4, open(convention), "1"));
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(back);
            // An empty complete input closes every key.
            run(db, load(engine, common + at(T5)), openNull);
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(List.of(
                    row(V1, "Sea Explorer", "Cargo", "Liberia", T1, T5, "0"),
                    row(V2, "Nordic Star", "Cargo", "Norway", T1, T2, "0"),
                    row(V2, "Nordic Star", "Cargo", "Norway", T4, T5, "0")));
        }
    }

    @ParameterizedTest(name = "{0}, open_end={1}")
    @MethodSource("enginesAndConventions")
    void withoutDeleteDetectionAMissingKeyStaysOpen(TargetEngine engine, String convention) throws Exception {
        boolean openNull = "null".equals(convention);
        try (Connection db = prepare(engine)) {
            String load = load(engine, ":open_end=" + convention);
            run(db, load, openNull, src(V1, "Sea Explorer", "Cargo", "Liberia", T1), src(V2, "Nordic Star", "Cargo", "Norway", T1));
            run(db, load, openNull, src(V1, "Sea Explorer", "Cargo", "Liberia", T2));
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(List.of(
                    row(V1, "Sea Explorer", "Cargo", "Liberia", T1, open(convention), "1"),
                    row(V2, "Nordic Star", "Cargo", "Norway", T1, open(convention), "1")));
        }
    }

    static Stream<Arguments> trackedForms() {
        return enginesAndConventions().flatMap(a -> Stream.of(":track_columns=vessel_name,country",
                ":track_except=mmsi_key,vessel_type_code,vessel_type,country_code,source_system")
                .map(form -> Arguments.of(a.get()[0], a.get()[1], form)));
    }

    @ParameterizedTest(name = "{0}, open_end={1}, {2}")
    @MethodSource("trackedForms")
    void untrackedChangesUpdateTheCurrentVersionInPlace(TargetEngine engine, String convention, String form) throws Exception {
        boolean openNull = "null".equals(convention);
        try (Connection db = prepare(engine)) {
            String load = load(engine, ":open_end=" + convention + form);
            run(db, load, openNull, src(V1, "Sea Explorer", "Cargo", "Liberia", T1), src(V2, "Nordic Star", "Cargo", "Norway", T1));
            // V1: only vessel_type (untracked) changes -> in place; V2: country (tracked) -> a new version.
            run(db, load, openNull, src(V1, "Sea Explorer", "Tanker", "Liberia", T2), src(V2, "Nordic Star", "Cargo", "Sweden", T2));
            // V1: tracked and untracked change together -> a new version with both; the old keeps its values.
            run(db, load, openNull, src(V1, "Sea Explorer XL", "Bulk", "Liberia", T3), src(V2, "Nordic Star", "Cargo", "Sweden", T3));
            List<List<String>> expected = List.of(
                    row(V1, "Sea Explorer", "Tanker", "Liberia", T1, T3, "0"),
                    row(V1, "Sea Explorer XL", "Bulk", "Liberia", T3, open(convention), "1"),
                    row(V2, "Nordic Star", "Cargo", "Norway", T1, T2, "0"),
                    row(V2, "Nordic Star", "Cargo", "Sweden", T2, open(convention), "1"));
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(expected);
            run(db, load, openNull, src(V1, "Sea Explorer XL", "Bulk", "Liberia", T4), src(V2, "Nordic Star", "Cargo", "Sweden", T4));
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(expected);
            // The change hash covers the tracked columns only: MD5 of vessel_name~country, by hand.
            assertThat(Loads.rows(db, "SELECT datahash FROM publish.D_VESSEL_SCD2 WHERE vessel_id = '" + V2
                    + "' AND validity_status = 1")).containsExactly(List.of(Scd2ExecutionTest.md5("Nordic Star~Sweden")));
        }
    }
}
