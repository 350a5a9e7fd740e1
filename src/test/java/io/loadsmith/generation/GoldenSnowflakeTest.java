package io.loadsmith.generation;

import io.loadsmith.engine.VesselFixture;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.store.Golden;

class GoldenSnowflakeTest {

    static LoadSqlGenerator generator() {
        LibraryTemplateSource library = new LibraryTemplateSource();
        FreemarkerEngine engine = new FreemarkerEngine(new TemplateCatalog(List.of(library)), library);
        return new LoadSqlGenerator(engine, new DialectRegistry(), new ModelLocalizer(DatatypeOverrides.none()));
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
