package io.loadsmith.engine;

import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;

/**
 * Snowflake, BigQuery and Databricks cannot run here: their generated hub, link, satellite, multi-active and status satellite loads
 * are compared with golden files in src/test/resources/golden/generated/, reviewed by eye when
 * written. To rewrite them after an intended change:
 * mvn test -Dtest=GeneratedLoadsGoldenTest -Dgolden.update=true, then review the diff.
 */
class GeneratedLoadsGoldenTest {

    private static final Path DIR = Path.of("src/test/resources/golden/generated");

    static Stream<Arguments> cases() {
        return Stream.concat(Stream.of("snowflake", "bigquery", "databricks").flatMap(dialect -> Stream.of(
                Arguments.of("hub", dialect, DvFixture.load("load_hub_customer", DvFixture.HUB, DvFixture.hubMapping())),
                Arguments.of("link", dialect, DvFixture.load("load_link_order", DvFixture.LINK, DvFixture.linkMapping())),
                Arguments.of("sat", dialect, DvFixture.load("load_sat_customer", DvFixture.SAT, DvFixture.satMapping())),
                Arguments.of("sat_ma", dialect, satMa()),
                Arguments.of("s_sat", dialect, statusSat()))), auditLoads().entrySet().stream().flatMap(e ->
                Stream.of("snowflake", "bigquery", "databricks").map(dialect -> Arguments.of(e.getKey(), dialect, e.getValue()))));
    }

    /** The generated loads with OPT_AUDIT_HISTORY=true (issue 47 item 7); DialectSyntaxTest parses them too. */
    static java.util.Map<String, LoadModel> auditLoads() {
        java.util.Map<String, String> audit = java.util.Map.of("OPT_AUDIT_HISTORY", "true");
        java.util.Map<String, LoadModel> loads = new java.util.LinkedHashMap<>();
        loads.put("hub_audit", DvFixture.load("load_hub_customer", DvFixture.HUB, audit, java.util.List.of(DvFixture.hubMapping())));
        loads.put("link_audit", DvFixture.load("load_link_order", DvFixture.LINK, audit, java.util.List.of(DvFixture.linkMapping())));
        loads.put("sat_audit", DvFixture.load("load_sat_customer", DvFixture.SAT, audit, java.util.List.of(DvFixture.satMapping())));
        LoadModel satMa = satMa();
        loads.put("sat_ma_audit", DvFixture.load(satMa.name(), satMa.target(), audit, satMa.mappings()));
        return loads;
    }

    private static LoadModel satMa() {
        AttributeModel phone = Loads.attr("phone", "VARCHAR");
        EntityModel stage = DvFixture.typed("stage", "phone_stg", "STAGE", DvFixture.CUSTOMER_ID, phone, DvFixture.LOAD_TS,
                DvFixture.REC_SRC);
        EntityModel sat = DvFixture.typed("dv", "sat_ma_phone", "SAT_MA", DvFixture.DV_ID, DvFixture.DV_LOAD_TIME,
                DvFixture.DV_RECORD_SOURCE, DvFixture.DV_DATAHASH, phone);
        return DvFixture.load("load_sat_ma_phone", sat, DvFixture.mapping(stage,
                DvFixture.map(DvFixture.DV_ID, "HASH_KEY", DvFixture.CUSTOMER_ID), DvFixture.copy(DvFixture.DV_LOAD_TIME, DvFixture.LOAD_TS),
                DvFixture.copy(DvFixture.DV_RECORD_SOURCE, DvFixture.REC_SRC), DvFixture.map(DvFixture.DV_DATAHASH, "HASH_LIST", phone),
                DvFixture.copy(phone, phone)));
    }

    private static LoadModel statusSat() {
        EntityModel sat = DvFixture.typed("dv", "s_sat_customer", "S_SAT", DvFixture.DV_ID, DvFixture.DV_LOAD_TIME,
                Loads.attr("dv_status", "DV_STATUS", "VARCHAR", 10), DvFixture.DV_RECORD_SOURCE);
        return DvFixture.load("load_s_sat_customer", sat, java.util.Map.of("OPT_DELTA_EXTRACT", "false"),
                java.util.List.of(DvFixture.mapping(DvFixture.CUSTOMER_STG, DvFixture.map(DvFixture.DV_ID, "HASH_KEY",
                        DvFixture.CUSTOMER_ID), DvFixture.copy(DvFixture.DV_RECORD_SOURCE, DvFixture.REC_SRC))));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void generatedSqlIsTheReviewedOne(String name, String dialect, LoadModel load) {
        Golden.assertMatches(DIR.resolve(name + "." + dialect + ".sql"), Loads.sql(load, dialect));
    }
}
