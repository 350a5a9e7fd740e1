package io.loadsmith.generation;

import io.loadsmith.engine.VesselFixture;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loadsmith.engine.Golden;

class GoldenSnowflakeTest {

    /** The engine as the command line builds it: the library only, the seed's defaults. */
    static LoadSqlGenerator generator() {
        return EngineFactory.standalone().build(EngineSettings.defaults()).loads();
    }

    static String golden(String file) {
        return Golden.read(file);
    }

    @Test
    void libraryScd2GeneratesTheSeedSqlForSnowflake() throws Exception {
        String expected = Golden.expectedSnowflakeSql();
        String createTemp = Golden.createTempStep();

        GeneratedLoad generated = generator().generate(VesselFixture.load(createTemp), "snowflake", Map.of());

        assertThat(VesselFixture.normalize(generated.sql())).isEqualTo(VesselFixture.normalize(expected));
    }

    @Test
    void attributeListKeepsTheSeedLayout() throws Exception {
        String sql = generator().generate(VesselFixture.load(VesselFixture.SEED_CREATE_TEMP), "snowflake", Map.of()).sql();
        java.nio.file.Files.writeString(java.nio.file.Path.of("target/vessel_scd2.snowflake.sql"), sql);

        assertThat(sql).contains("""
                WHEN NOT MATCHED THEN INSERT (
                    vessel_scd_id
                    , vessel_id
                """).contains("""
                    , source_system
                )
                VALUES (
                """).contains("""
                            SELECT
                                vessel_id
                                , mmsi_key
                """);
    }
}
