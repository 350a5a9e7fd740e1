package io.loadsmith.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.generation.DdlGenerator;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.model.LoadModel;

/**
 * The seed's vessel load (scd2 template) executed on real engines; the expected history is the
 * seed's table, written out by hand.
 */
class Scd2ExecutionTest {

    static final String V1 = "00000000000000000000000000000123";
    static final String V2 = "00000000000000000000000000000456";
    static final String SOURCE = """
            CREATE TABLE publish.vessel_source (
                vessel_id CHAR(32), mmsi_key BIGINT, vessel_name VARCHAR(200), vessel_type_code INTEGER,
                vessel_type VARCHAR(200), country_code VARCHAR(10), country VARCHAR(100),
                source_system VARCHAR(50), valid_from TIMESTAMP)""";
    static final String CREATE_TEMP = """
            CREATE TABLE <target_schema>.Z_TMP_<target_entity_name> AS
            SELECT * FROM <target_schema>.vessel_source;""";
    private static final String HISTORY = """
            SELECT vessel_id, vessel_name, vessel_type, country, valid_from, valid_to, validity_status
            FROM publish.D_VESSEL_SCD2 ORDER BY vessel_id, valid_from""";

    private final TestGenerators generators = TestGenerators.library();

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void seedHistoryLiberiaPanamaRenamed(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            String load = loadSql(engine);

            run(db, load, row(V1, "Sea Explorer", "Liberia", "2023-01-01 00:00:00"));
            run(db, load, row(V1, "Sea Explorer", "Panama", "2023-06-15 00:00:00"));
            run(db, load, row(V1, "Sea Explorer XL", "Panama", "2024-04-01 00:00:00"));

            List<List<String>> expected = List.of(
                    List.of(V1, "Sea Explorer", "Cargo", "Liberia", "2023-01-01 00:00:00", "2023-06-15 00:00:00", "0"),
                    List.of(V1, "Sea Explorer", "Cargo", "Panama", "2023-06-15 00:00:00", "2024-04-01 00:00:00", "0"),
                    List.of(V1, "Sea Explorer XL", "Cargo", "Panama", "2024-04-01 00:00:00", "9999-12-31 00:00:00", "1"));
            assertThat(TargetEngine.rows(db, HISTORY)).isEqualTo(expected);

            // A fourth run with an unchanged source (new load time) adds nothing.
            run(db, load, row(V1, "Sea Explorer XL", "Panama", "2024-05-01 00:00:00"));
            assertThat(TargetEngine.rows(db, HISTORY)).isEqualTo(expected);
            Invariants.check(db, "publish.D_VESSEL_SCD2", "vessel_id", "valid_from", "valid_to", "validity_status");
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void twoVesselsKeepSeparateHistories(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            String load = loadSql(engine);

            run(db, load, row(V1, "Sea Explorer", "Liberia", "2023-01-01 00:00:00")
                    + ", " + row(V2, "Nordic Star", "Norway", "2023-01-01 00:00:00"));
            run(db, load, row(V1, "Sea Explorer", "Panama", "2023-06-15 00:00:00")
                    + ", " + row(V2, "Nordic Star", "Norway", "2023-06-15 00:00:00"));
            run(db, load, row(V1, "Sea Explorer", "Panama", "2024-04-01 00:00:00")
                    + ", " + row(V2, "Nordic Star", "Sweden", "2024-04-01 00:00:00"));

            assertThat(TargetEngine.rows(db, HISTORY)).containsExactly(
                    List.of(V1, "Sea Explorer", "Cargo", "Liberia", "2023-01-01 00:00:00", "2023-06-15 00:00:00", "0"),
                    List.of(V1, "Sea Explorer", "Cargo", "Panama", "2023-06-15 00:00:00", "9999-12-31 00:00:00", "1"),
                    List.of(V2, "Nordic Star", "Cargo", "Norway", "2023-01-01 00:00:00", "2024-04-01 00:00:00", "0"),
                    List.of(V2, "Nordic Star", "Cargo", "Sweden", "2024-04-01 00:00:00", "9999-12-31 00:00:00", "1"));
            Invariants.check(db, "publish.D_VESSEL_SCD2", "vessel_id", "valid_from", "valid_to", "validity_status");
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void nullToValueAndBackEachMakeAVersion(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            String load = loadSql(engine);

            run(db, load, row(V1, "Sea Explorer", null, "2023-01-01 00:00:00"));
            run(db, load, row(V1, "Sea Explorer", "Panama", "2023-06-15 00:00:00"));
            run(db, load, row(V1, "Sea Explorer", null, "2024-04-01 00:00:00"));
            run(db, load, row(V1, "Sea Explorer", null, "2024-05-01 00:00:00"));

            assertThat(TargetEngine.rows(db, HISTORY)).containsExactly(
                    java.util.Arrays.asList(V1, "Sea Explorer", "Cargo", null, "2023-01-01 00:00:00", "2023-06-15 00:00:00", "0"),
                    java.util.Arrays.asList(V1, "Sea Explorer", "Cargo", "Panama", "2023-06-15 00:00:00", "2024-04-01 00:00:00", "0"),
                    java.util.Arrays.asList(V1, "Sea Explorer", "Cargo", null, "2024-04-01 00:00:00", "9999-12-31 00:00:00", "1"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void scdIdIsTheSeedsKeyHashOfIdAndValidFrom(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            run(db, loadSql(engine), row(V1, "Sea Explorer", "Liberia", "2023-01-01 00:00:00"));

            // MD5(UPPER(id || '~' || valid_from as yyyy-MM-ddTHH:mm:ss.ffffff)), computed here by hand.
            String expected = md5((V1 + "~2023-01-01T00:00:00.000000").toUpperCase());
            assertThat(TargetEngine.rows(db, "SELECT vessel_scd_id FROM publish.D_VESSEL_SCD2"))
                    .containsExactly(List.of(expected));
        }
    }

    private Connection prepare(TargetEngine engine) throws Exception {
        Connection db = engine.open();
        DdlGenerator ddl = generators.ddl();
        TargetEngine.execute(db, "CREATE SCHEMA publish");
        TargetEngine.execute(db, ddl.createTable(VesselFixture.target(), engine.dialect()));
        TargetEngine.execute(db, SOURCE);
        return db;
    }

    private String loadSql(TargetEngine engine) {
        LoadSqlGenerator generator = generators.loads();
        LoadModel model = VesselFixture.load(CREATE_TEMP);
        GeneratedLoad generated = generator.generate(model, engine.dialect(), Map.of());
        return generated.sql();
    }

    private static void run(Connection db, String load, String sourceRows) throws Exception {
        TargetEngine.execute(db, "DELETE FROM publish.vessel_source");
        TargetEngine.execute(db, "INSERT INTO publish.vessel_source VALUES " + sourceRows);
        TargetEngine.execute(db, load);
    }

    private static String row(String id, String name, String country, String validFrom) {
        return "('" + id + "', 230000001, '" + name + "', 70, 'Cargo', 'LR', "
                + (country == null ? "NULL" : "'" + country + "'") + ", 'ais', TIMESTAMP '" + validFrom + "')";
    }

    static String md5(String text) throws Exception {
        byte[] digest = java.security.MessageDigest.getInstance("MD5").digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return java.util.HexFormat.of().formatHex(digest);
    }
}
