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
import static io.loadsmith.engine.DvFixture.batch;
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

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void stageHoldsExactlyTheRunsRows(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, STAGE_OUT)) {
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
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, source, target)) {
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
    void typedHashPartsAreTheSameTextOnEveryEngine(TargetEngine engine) throws Exception {
        AttributeModel number = attr("n", "INTEGER4");
        AttributeModel text = attr("t", "VARCHAR");
        AttributeModel at = attr("seen_at", "TIMESTAMP");
        AttributeModel day = attr("seen_on", "DATE");
        EntityModel source = DvFixture.typed("stage", "typed_src", "STAGE", number, text, at, day, FLAG);
        AttributeModel diff = attr("diff", null, "CHAR", 32);
        AttributeModel key = attr("hk", null, "CHAR", 32);
        EntityModel target = DvFixture.typed("stage", "typed_out", "GENERIC", number, key, diff);
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, source, target)) {
            String sql = Loads.sql(DvFixture.load("load_typed", target, mapping(source, copy(number, number),
                    map(key, "HASH_KEY", number, text), map(diff, "HASH_DIFF", number, text, at, day, FLAG))), engine.dialect());
            TargetEngine.execute(db, "INSERT INTO stage.typed_src VALUES"
                    + " (12, '3', TIMESTAMP '2024-01-02 03:04:05.123456', DATE '2024-01-02', TRUE),"
                    + " (1, '23', TIMESTAMP '2024-01-02 03:04:05', NULL, FALSE),"
                    + " (NULL, ' x ', NULL, NULL, NULL)");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, "SELECT n, hk, diff FROM stage.typed_out")).containsExactly(
                    row(null, "64525b31368ee9e3b46ccfa41e769d15", "1a3241da467382b33d62cf5d0aa5ae90"), // -1~X; -1~ x ~-1~-1~-1
                    row("1", "037ef90202e1e89a23016e4b51489326", "8c0f0b0dcc1ccede973a8da6a32114ce"), // 1~23; 1~23~2024-01-02T03:04:05.000000~-1~false
                    row("12", "4ba8224d8a784c8af2af98b4ceb034c6", "e3ca2cde854e4ed4902425deef7c6e78")); // 12~3; 12~3~2024-01-02T03:04:05.123456~2024-01-02~true
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void viewOfTheMappedSelect(TargetEngine engine) throws Exception {
        EntityModel view = DvFixture.view(DvFixture.typed("stage", "customer_v", "STAGE", CUSTOMER_ID, KEY, UPPER_NAME));
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG)) {
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
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, SAT)) {
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
