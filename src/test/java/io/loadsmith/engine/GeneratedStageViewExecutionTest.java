package io.loadsmith.engine;

import static io.loadsmith.engine.DvFixture.CITY;
import static io.loadsmith.engine.DvFixture.CUSTOMER_ID;
import static io.loadsmith.engine.DvFixture.CUSTOMER_STG;
import static io.loadsmith.engine.DvFixture.DV_ID;
import static io.loadsmith.engine.DvFixture.DV_LOAD_TIME;
import static io.loadsmith.engine.DvFixture.NAME;
import static io.loadsmith.engine.DvFixture.SAT;
import static io.loadsmith.engine.DvFixture.copy;
import static io.loadsmith.engine.DvFixture.map;
import static io.loadsmith.engine.DvFixture.mapping;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.ALICE;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.BOB;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.batch;
import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.MappingModel;

/** Generated STAGE, GENERIC, view (TRANSFORM_SQL_VIEW) and SAT_C loads executed on every engine. */
class GeneratedStageViewExecutionTest {

    private static final AttributeModel KEY = attr("customer_key", "DV_HASHKEY", "CHAR", 32);
    private static final AttributeModel FLAG = attr("is_vip", null, "BOOLEAN", null);
    private static final AttributeModel UPPER_NAME = attr("upper_name", "VARCHAR");
    private static final EntityModel STAGE_OUT = DvFixture.typed("stage", "customer_out", "STAGE",
            CUSTOMER_ID, KEY, UPPER_NAME);

    private static MappingModel stageMapping() {
        return mapping(CUSTOMER_STG, copy(CUSTOMER_ID, CUSTOMER_ID), map(KEY, "HASH_KEY", CUSTOMER_ID),
                new io.loadsmith.generation.model.AttributeMappingModel(UPPER_NAME, List.of(NAME), "CUSTOM", "UPPER(s.name)"));
    }

    private static Connection prepare(TargetEngine engine, EntityModel... tables) throws Exception {
        Connection db = engine.open();
        TargetEngine.execute(db, "CREATE SCHEMA stage; CREATE SCHEMA dv");
        Loads.create(db, engine, CUSTOMER_STG);
        for (EntityModel table : tables) {
            Loads.create(db, engine, table);
        }
        return db;
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void stageHoldsExactlyTheRunsRows(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, STAGE_OUT)) {
            String sql = Loads.sql(DvFixture.load("load_customer_out", STAGE_OUT, Map.of("OPT_WHERE", "s.name IS NOT NULL"),
                    List.of(stageMapping())), engine.dialect());
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', NULL, 'A'), ('x', NULL, 'Oslo', NULL, 'A')");
            Loads.run(db, sql);
            batch(db, CUSTOMER_STG, "('Bob', 'Bob', 'Rome', NULL, 'A')");
            Loads.run(db, sql);
            Loads.run(db, sql);
            assertThat(Loads.rows(db, "SELECT customer_id, customer_key, upper_name FROM stage.customer_out"))
                    .containsExactly(row("Bob", BOB, "BOB"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void genericAppendsAndBooleansHashAlikeOnEveryEngine(TargetEngine engine) throws Exception {
        EntityModel source = DvFixture.typed("stage", "flag_src", "STAGE", CUSTOMER_ID, FLAG);
        AttributeModel hash = attr("flag_hash", null, "CHAR", 32);
        EntityModel target = DvFixture.typed("stage", "flag_out", "GENERIC", CUSTOMER_ID, hash);
        try (Connection db = prepare(engine, source, target)) {
            String sql = Loads.sql(DvFixture.load("load_flags", target,
                    mapping(source, copy(CUSTOMER_ID, CUSTOMER_ID), map(hash, "HASH_DIFF", CUSTOMER_ID, FLAG))), engine.dialect());
            TargetEngine.execute(db, "INSERT INTO stage.flag_src VALUES ('a', TRUE), ('b', FALSE), ('c', NULL)");
            Loads.run(db, sql);
            Loads.run(db, sql);
            // md5('a~true'), md5('b~false'), md5('c~-1'): twice each, GENERIC does not deduplicate.
            assertThat(Loads.sorted(db, "SELECT customer_id, flag_hash FROM stage.flag_out")).containsExactly(
                    row("a", "1d98c69fa5de20091aea7fb95d16ad1e"), row("a", "1d98c69fa5de20091aea7fb95d16ad1e"),
                    row("b", "adc799e1e582b8cdb20042878e36ce5e"), row("b", "adc799e1e582b8cdb20042878e36ce5e"), row("c", "454ddbe96cae3127bebc66104bea9eeb"), row("c", "454ddbe96cae3127bebc66104bea9eeb"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void viewOfTheMappedSelect(TargetEngine engine) throws Exception {
        EntityModel view = DvFixture.view(DvFixture.typed("stage", "customer_v", "STAGE", CUSTOMER_ID, KEY, UPPER_NAME));
        try (Connection db = prepare(engine)) {
            String sql = Loads.sql(DvFixture.load("load_customer_v", view, stageMapping()), engine.dialect());
            Loads.run(db, sql);
            Loads.run(db, sql);
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', NULL, 'A')");
            assertThat(Loads.rows(db, "SELECT customer_id, customer_key, upper_name FROM stage.customer_v"))
                    .containsExactly(row("alice", ALICE, "ANN"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void currentViewShowsEachKeysLatestRowByLoadTime(TargetEngine engine) throws Exception {
        EntityModel current = DvFixture.typed("dv", "sat_customer_c", "SAT_C", DV_ID, DV_LOAD_TIME, NAME, CITY);
        try (Connection db = prepare(engine, SAT)) {
            // Inserted out of load-time order, and the latest row's value is not the greatest.
            TargetEngine.execute(db, "INSERT INTO dv.sat_customer (dv_id, dv_load_time, dv_datahash, name, city) VALUES"
                    + " ('" + ALICE + "', TIMESTAMP '2024-01-03 00:00:00', 'h3', 'Ann', 'Bergen'),"
                    + " ('" + ALICE + "', TIMESTAMP '2024-01-01 00:00:00', 'h1', 'Ann', 'Oslo'),"
                    + " ('" + ALICE + "', TIMESTAMP '2024-01-02 00:00:00', 'h2', 'Ann', 'Zurich'),"
                    + " ('" + BOB + "', TIMESTAMP '2024-01-01 00:00:00', 'h4', 'Bob', 'Rome')");
            String sql = Loads.sql(DvFixture.load("load_sat_customer_c", current, mapping(SAT,
                    copy(DV_ID, DV_ID), copy(DV_LOAD_TIME, DV_LOAD_TIME), copy(NAME, NAME), copy(CITY, CITY))), engine.dialect());
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, "SELECT dv_id, dv_load_time, city FROM dv.sat_customer_c")).containsExactly(
                    row(BOB, "2024-01-01 00:00:00", "Rome"), row(ALICE, "2024-01-03 00:00:00", "Bergen"));
        }
    }
}
