package io.loadsmith.engine;

import static io.loadsmith.engine.DvFixture.CUSTOMER_ID;
import static io.loadsmith.engine.DvFixture.DV_DATAHASH;
import static io.loadsmith.engine.DvFixture.DV_ID;
import static io.loadsmith.engine.DvFixture.DV_LOAD_TIME;
import static io.loadsmith.engine.DvFixture.DV_RECORD_SOURCE;
import static io.loadsmith.engine.DvFixture.LOAD_TS;
import static io.loadsmith.engine.DvFixture.REC_SRC;
import static io.loadsmith.engine.DvFixture.copy;
import static io.loadsmith.engine.DvFixture.map;
import static io.loadsmith.engine.DvFixture.mapping;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.ALICE;
import static io.loadsmith.engine.DvFixture.batch;
import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;

/** Generated SAT_MA (whole sets by HASH_LIST) and SAT_MA_C loads on every engine: rules 5, 22-24, 27. */
class GeneratedMultiActiveExecutionTest {

    private static final AttributeModel PHONE = attr("phone", "VARCHAR");
    private static final EntityModel PHONE_STG = DvFixture.typed("stage", "phone_stg", "STAGE", CUSTOMER_ID, PHONE,
            LOAD_TS, REC_SRC);
    private static final EntityModel SAT_MA = DvFixture.typed("dv", "sat_ma_phone", "SAT_MA", DV_ID, DV_LOAD_TIME,
            DV_RECORD_SOURCE, DV_DATAHASH, PHONE);
    private static final String ROWS = "SELECT dv_load_time, phone, dv_datahash FROM dv.sat_ma_phone";

    // md5 of the sorted distinct member texts joined with '~', written out by hand.
    private static final String AB = "9ded8251c13cdd0ba118d94d7578df79"; // "a~b"
    private static final String A = "0cc175b9c0f1b6a831c399e269772661"; // "a"
    private static final String AC = "8ecbda04320bc76d497afaf9a0917a46"; // "a~c"

    private static String sql(TargetEngine engine) {
        return Loads.sql(DvFixture.load("load_sat_ma_phone", SAT_MA, mapping(PHONE_STG,
                map(DV_ID, "HASH_KEY", CUSTOMER_ID), copy(DV_LOAD_TIME, LOAD_TS), copy(DV_RECORD_SOURCE, REC_SRC),
                map(DV_DATAHASH, "HASH_LIST", PHONE), copy(PHONE, PHONE))), engine.dialect());
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void wholeSetsInLoadTimeOrder(TargetEngine engine) throws Exception {
        wholeSetsInLoadTimeOrder(engine, sql(engine));
    }

    /**
     * T-SQL's STRING_AGG has no DISTINCT (distinct_string_agg: false): generated_sat_ma then makes
     * the set's rows distinct before aggregating. SQL Server does not run here, so that path runs on
     * PostgreSQL through a dialect made like sqlserver's in this respect (STRING_AGG without DISTINCT):
     * the same sets, the same hashes.
     */
    @org.junit.jupiter.api.Test
    @SuppressWarnings("unchecked")
    void wholeSetsAreTheSameWhereTheAggregateKeepsRepeatedValues() throws Exception {
        java.util.Map<String, java.util.Map<String, Object>> definitions = new java.util.LinkedHashMap<>();
        for (String name : List.of("ansi", "sql2016", "postgresql")) {
            try (java.io.InputStream in = new org.springframework.core.io.ClassPathResource("templates-library/dialects/" + name + ".yaml")
                    .getInputStream()) {
                definitions.put(name, new org.yaml.snakeyaml.Yaml(new org.yaml.snakeyaml.constructor.SafeConstructor(
                        new org.yaml.snakeyaml.LoaderOptions())).load(in));
            }
        }
        definitions.put("pg_nodistinct", java.util.Map.of("name", "pg_nodistinct", "label", "PostgreSQL, STRING_AGG without DISTINCT",
                "parent", "postgresql", "capabilities", java.util.Map.of("distinct_string_agg", false),
                "functions", java.util.Map.of("ordered_distinct_agg",
                        "STRING_AGG(CAST({0} AS TEXT) COLLATE \"C\", '~' ORDER BY CAST({0} AS TEXT) COLLATE \"C\")")));
        var generator = new io.loadsmith.generation.EngineFactory(new io.loadsmith.generation.catalog.LibraryTemplateSource(),
                io.loadsmith.dialect.TestDialects.registry(definitions), io.loadsmith.generation.render.RenderGuard.shared())
                .build(io.loadsmith.generation.EngineSettings.defaults()).loads();
        String sql = generator.generate(DvFixture.load("load_sat_ma_phone", SAT_MA, mapping(PHONE_STG,
                map(DV_ID, "HASH_KEY", CUSTOMER_ID), copy(DV_LOAD_TIME, LOAD_TS), copy(DV_RECORD_SOURCE, REC_SRC),
                map(DV_DATAHASH, "HASH_LIST", PHONE), copy(PHONE, PHONE))), "pg_nodistinct", java.util.Map.of()).sql();
        assertThat(sql).contains("SELECT DISTINCT ").doesNotContain("STRING_AGG(DISTINCT");

        wholeSetsInLoadTimeOrder(TargetEngine.POSTGRESQL, sql);
    }

    private static void wholeSetsInLoadTimeOrder(TargetEngine engine, String sql) throws Exception {
        try (Connection db = DvFixture.open(engine, PHONE_STG, SAT_MA)) {
            // t1 {b, a, a (twice under two record sources)}; t2 the same set in another order: no change.
            batch(db, PHONE_STG, "('alice', 'b', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('alice', 'a', TIMESTAMP '2024-01-01 00:00:00', 'B'),"
                    + " ('alice', 'a', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('alice', 'a', TIMESTAMP '2024-01-02 00:00:00', 'A'),"
                    + " ('ALICE', 'b', TIMESTAMP '2024-01-02 00:00:00', 'A')");
            Loads.run(db, sql);
            List<List<String>> first = List.of(
                    row("2024-01-01 00:00:00", "a", AB), row("2024-01-01 00:00:00", "b", AB));
            assertThat(Loads.sorted(db, ROWS)).isEqualTo(first);
            assertThat(Loads.rows(db, "SELECT dv_record_source FROM dv.sat_ma_phone WHERE phone = 'a'"))
                    .containsExactly(row("A"));
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, ROWS)).as("a rerun inserts nothing").isEqualTo(first);
            // A lost member inserts the whole new set {a}; then {a, c}; then {a, c} again: nothing.
            batch(db, PHONE_STG, "('alice', 'a', TIMESTAMP '2024-01-03 00:00:00', 'A'),"
                    + " ('alice', 'c', TIMESTAMP '2024-01-04 00:00:00', 'A'),"
                    + " ('alice', 'a', TIMESTAMP '2024-01-04 00:00:00', 'A'),"
                    + " ('alice', 'a', TIMESTAMP '2024-01-05 00:00:00', 'A'),"
                    + " ('alice', 'c', TIMESTAMP '2024-01-05 00:00:00', 'A')");
            Loads.run(db, sql);
            batch(db, PHONE_STG, "");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, ROWS)).containsExactly(
                    row("2024-01-01 00:00:00", "a", AB), row("2024-01-01 00:00:00", "b", AB),
                    row("2024-01-03 00:00:00", "a", A),
                    row("2024-01-04 00:00:00", "a", AC), row("2024-01-04 00:00:00", "c", AC));
            assertThat(Loads.rows(db, "SELECT DISTINCT dv_id FROM dv.sat_ma_phone")).containsExactly(row(ALICE));

            // The current view shows the whole latest set.
            EntityModel current = DvFixture.typed("dv", "sat_ma_phone_c", "SAT_MA_C", DV_ID, DV_LOAD_TIME, PHONE);
            Loads.run(db, Loads.sql(DvFixture.load("load_sat_ma_phone_c", current, mapping(SAT_MA,
                    copy(DV_ID, DV_ID), copy(DV_LOAD_TIME, DV_LOAD_TIME), copy(PHONE, PHONE))), engine.dialect()));
            assertThat(Loads.sorted(db, "SELECT dv_load_time, phone FROM dv.sat_ma_phone_c")).containsExactly(
                    row("2024-01-04 00:00:00", "a"), row("2024-01-04 00:00:00", "c"));
        }
    }
}
