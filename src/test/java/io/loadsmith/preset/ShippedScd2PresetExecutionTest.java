package io.loadsmith.preset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.engine.TargetEngine;
import io.loadsmith.entity.EntityDdlService;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.StepJson;
import io.loadsmith.store.H2DemoStoreTest;

/**
 * A fresh install's first dimension, as the designer makes it: the new-entity form with type DIM_SCD2,
 * its columns from the demo's source staging.S_PORT and its load from the shipped preset the type
 * offers (V18__shipped_presets.sql). The load's SQL runs on PostgreSQL, DuckDB and H2 against tables
 * from the entities' own DDL; the history is written out by hand.
 */
class ShippedScd2PresetExecutionTest extends H2DemoStoreTest {

    private static final String T1 = "2024-01-01 00:00:00";
    private static final String T2 = "2024-02-01 00:00:00";
    private static final String FAR = "9999-12-31 00:00:00";
    private static final String HISTORY = """
            SELECT port_id, port_code, port_name, valid_from, valid_to, validity_status
            FROM publish.D_PORT_SCD2 ORDER BY port_code, valid_from""";

    @Autowired
    LoadPresetService presets;

    @Autowired
    LoadService loads;

    @Autowired
    EntityService entities;

    @Autowired
    EntityDdlService ddl;

    /** The demo store is shared by many test classes: leave it as found. */
    @AfterEach
    void leaveTheDemoAsFound() {
        loads.list("load_d_port_scd2").forEach(l -> loads.delete(l.id()));
        entities.findByQualifiedName("publish.D_PORT_SCD2").ifPresent(e -> entities.delete(e.getId()));
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void theDimensionFromTheFormKeepsTheHistoryOfItsSource(TargetEngine engine) throws Exception {
        LoadResponse load = newDimensionWithItsLoad();
        assertThat(load.sources()).containsExactly("staging.S_PORT");
        assertThat(load.steps()).extracting(StepJson::text).containsExactly(
                "<ftltemplate:scd2_prepare:temp_table_prefix=Z_TMP_>",
                "<ftltemplate:scd2:temp_table_prefix=Z_TMP_:check_duplicates=true>",
                "<ftltemplate:scd2_prepare:temp_table_prefix=Z_TMP_:action=drop>");
        String sql = loads.generate(load.id(), engine.dialect(), null).sql();
        // The preset's VALID_FROM is the run's time; each run here gets its own, so the history can be written out.
        assertThat(sql).contains("CURRENT_TIMESTAMP");

        try (Connection db = engine.open()) {
            TargetEngine.execute(db, "CREATE SCHEMA staging");
            TargetEngine.execute(db, "CREATE SCHEMA publish");
            TargetEngine.execute(db, ddl.createTable(entityId("staging.S_PORT"), engine.dialect()));
            TargetEngine.execute(db, ddl.createTable(entityId("publish.D_PORT_SCD2"), engine.dialect()));

            run(db, sql, T1, "('FIHEL', 'Helsinki'), ('SEGOT', 'Gothenburg')");
            run(db, sql, T2, "('FIHEL', 'Helsingfors'), ('SEGOT', 'Gothenburg')");

            List<List<String>> expected = List.of(
                    List.of(md5("FIHEL"), "FIHEL", "Helsinki", T1, T2, "0"),
                    List.of(md5("FIHEL"), "FIHEL", "Helsingfors", T2, FAR, "1"),
                    List.of(md5("SEGOT"), "SEGOT", "Gothenburg", T1, FAR, "1"));
            assertThat(TargetEngine.rows(db, HISTORY)).isEqualTo(expected);

            // Two rows for one port: the preset checks duplicates, so the load stops before any write.
            assertThatThrownBy(() -> run(db, sql, "2024-03-01 00:00:00", "('FIHEL', 'Helsinki'), ('FIHEL', 'Helsingfors')"))
                    .hasMessageContaining("has several rows for one key (port_id");
            assertThat(TargetEngine.rows(db, HISTORY)).isEqualTo(expected);
        }
    }

    /** The new-entity form as a browser posts it: type, logical name, the source to copy, the offered preset ticked. */
    private LoadResponse newDimensionWithItsLoad() throws Exception {
        assertThat(presets.offered("DIM_SCD2", LoadType.TRANSFORM_PERSIST)).extracting(p -> p.name())
                .containsExactly("scd2_from_source");
        MvcResult created = mvc.perform(MockMvcRequestBuilders.post("/entities").param("entityType", "DIM_SCD2")
                .param("logicalName", "PORT").param("source", "staging.S_PORT").param("loadPreset", "scd2_from_source"))
                .andReturn();
        String landed = created.getResponse().getRedirectedUrl();
        assertThat(landed).startsWith("/loads/");
        assertThat(entities.get(entityId("publish.D_PORT_SCD2")).attributes()).extracting(a -> a.name()).containsExactly(
                "port_scd_id", "port_id", "datahash", "valid_from", "valid_to", "validity_status", "port_code", "port_name");
        return loads.get(Long.parseLong(landed.substring("/loads/".length())));
    }

    private long entityId(String qualifiedName) {
        return entities.findByQualifiedName(qualifiedName).orElseThrow().getId();
    }

    private static void run(Connection db, String sql, String runTime, String rows) throws Exception {
        TargetEngine.execute(db, "DELETE FROM staging.S_PORT");
        TargetEngine.execute(db, "INSERT INTO staging.S_PORT (port_code, port_name) VALUES " + rows);
        TargetEngine.execute(db, sql.replace("CURRENT_TIMESTAMP", "TIMESTAMP '" + runTime + "'"));
    }

    /** HASH_KEY of one text part, by hand: MD5 of the trimmed, upper-cased value, 32 lower-case hex digits. */
    private static String md5(String key) throws Exception {
        byte[] digest = MessageDigest.getInstance("MD5").digest(key.strip().toUpperCase().getBytes(StandardCharsets.UTF_8));
        return String.format("%032x", new BigInteger(1, digest));
    }
}
