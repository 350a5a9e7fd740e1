package io.loadsmith.engine;

import static io.loadsmith.engine.DvFixture.CITY;
import static io.loadsmith.engine.DvFixture.CUSTOMER_ID;
import static io.loadsmith.engine.DvFixture.CUSTOMER_STG;
import static io.loadsmith.engine.DvFixture.DV_DATAHASH;
import static io.loadsmith.engine.DvFixture.DV_ID;
import static io.loadsmith.engine.DvFixture.DV_LOAD_TIME;
import static io.loadsmith.engine.DvFixture.DV_RECORD_SOURCE;
import static io.loadsmith.engine.DvFixture.LOAD_TS;
import static io.loadsmith.engine.DvFixture.NAME;
import static io.loadsmith.engine.DvFixture.REC_SRC;
import static io.loadsmith.engine.DvFixture.SAT;
import static io.loadsmith.engine.DvFixture.copy;
import static io.loadsmith.engine.DvFixture.map;
import static io.loadsmith.engine.DvFixture.mapping;
import static io.loadsmith.engine.Loads.attr;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.generation.model.AttributeMappingModel;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;

/**
 * Every generated load template (templates-library/templates/generated_*) rendered for Redshift, SQL
 * Server, Synapse and Fabric, which do not run here: every statement must parse with JSqlParser and
 * hold nothing the dialect's capabilities say it lacks ({@link DialectSyntax}), as the library
 * templates in DialectSyntaxTest. The loads are those of the Generated*ExecutionTest scenarios; the
 * generic load hashes every typed part (integer, text, timestamp, date, boolean).
 */
class GeneratedLoadsDialectSyntaxTest {

    static final AttributeModel PHONE = attr("phone", "VARCHAR");
    static final AttributeModel FLAG = attr("is_vip", null, "BOOLEAN", null);

    /** One load per generated template, named after the template without its generated_ prefix. */
    static Map<String, LoadModel> loads() {
        Map<String, LoadModel> loads = new LinkedHashMap<>();
        loads.put("hub", DvFixture.load("load_hub_customer", DvFixture.HUB, DvFixture.hubMapping()));
        loads.put("link", DvFixture.load("load_link_order", DvFixture.LINK, DvFixture.linkMapping()));
        loads.put("sat", DvFixture.load("load_sat_customer", SAT, DvFixture.satMapping()));
        AttributeModel psaId = attr("dw_id", "DV_HASHKEY", "CHAR", 32);
        AttributeModel psaHash = attr("dw_hash", "DV_DATAHASH", "CHAR", 32);
        EntityModel psa = DvFixture.typed("dv", "psa_customer", "PSA", psaId, DV_LOAD_TIME, psaHash, CUSTOMER_ID, NAME, CITY, REC_SRC);
        loads.put("psa", DvFixture.load("load_psa_customer", psa, mapping(CUSTOMER_STG, map(psaId, "HASH_KEY", CUSTOMER_ID),
                copy(DV_LOAD_TIME, LOAD_TS), map(psaHash, "HASH_DIFF", CUSTOMER_ID, NAME, CITY, REC_SRC), copy(CUSTOMER_ID, CUSTOMER_ID),
                copy(NAME, NAME), copy(CITY, CITY), copy(REC_SRC, REC_SRC))));
        EntityModel phoneStg = DvFixture.typed("stage", "phone_stg", "STAGE", CUSTOMER_ID, PHONE, LOAD_TS, REC_SRC);
        EntityModel satMa = DvFixture.typed("dv", "sat_ma_phone", "SAT_MA", DV_ID, DV_LOAD_TIME, DV_RECORD_SOURCE, DV_DATAHASH, PHONE);
        loads.put("sat_ma", DvFixture.load("load_sat_ma_phone", satMa, mapping(phoneStg, map(DV_ID, "HASH_KEY", CUSTOMER_ID),
                copy(DV_LOAD_TIME, LOAD_TS), copy(DV_RECORD_SOURCE, REC_SRC), map(DV_DATAHASH, "HASH_LIST", PHONE), copy(PHONE, PHONE))));
        EntityModel sSat = DvFixture.typed("dv", "s_sat_customer", "S_SAT", DV_ID, DV_LOAD_TIME,
                attr("dv_status", "DV_STATUS", "VARCHAR", 10), DV_RECORD_SOURCE);
        loads.put("s_sat", DvFixture.load("load_s_sat_customer", sSat, Map.of("OPT_DELTA_EXTRACT", "false"),
                List.of(mapping(CUSTOMER_STG, map(DV_ID, "HASH_KEY", CUSTOMER_ID), copy(DV_RECORD_SOURCE, REC_SRC)))));
        AttributeModel key = attr("customer_key", "DV_HASHKEY", "CHAR", 32);
        AttributeModel upperName = attr("upper_name", "VARCHAR");
        EntityModel stageOut = DvFixture.typed("stage", "customer_out", "STAGE", CUSTOMER_ID, key, upperName);
        var stageMapping = mapping(CUSTOMER_STG, copy(CUSTOMER_ID, CUSTOMER_ID), map(key, "HASH_KEY", CUSTOMER_ID),
                new AttributeMappingModel(upperName, List.of(NAME), "CUSTOM", "UPPER(s.name)"));
        loads.put("stage", DvFixture.load("load_customer_out", stageOut, Map.of("OPT_WHERE", "s.name IS NOT NULL"), List.of(stageMapping)));
        AttributeModel number = attr("n", "INTEGER4");
        AttributeModel text = attr("t", "VARCHAR");
        AttributeModel at = attr("seen_at", "TIMESTAMP");
        AttributeModel day = attr("seen_on", "DATE");
        EntityModel typedSrc = DvFixture.typed("stage", "typed_src", "STAGE", number, text, at, day, FLAG);
        AttributeModel diff = attr("diff", null, "CHAR", 32);
        AttributeModel hk = attr("hk", null, "CHAR", 32);
        EntityModel typedOut = DvFixture.typed("stage", "typed_out", "GENERIC", number, hk, diff);
        loads.put("generic", DvFixture.load("load_typed", typedOut, mapping(typedSrc, copy(number, number),
                map(hk, "HASH_KEY", number, text), map(diff, "HASH_DIFF", number, text, at, day, FLAG))));
        EntityModel view = DvFixture.view(DvFixture.typed("stage", "customer_v", "STAGE", CUSTOMER_ID, key, upperName));
        loads.put("view", DvFixture.load("load_customer_v", view, stageMapping));
        EntityModel satC = DvFixture.typed("dv", "sat_customer_c", "SAT_C", DV_ID, DV_LOAD_TIME, NAME, CITY);
        loads.put("sat_c", DvFixture.load("load_sat_customer_c", satC, mapping(SAT, copy(DV_ID, DV_ID), copy(DV_LOAD_TIME, DV_LOAD_TIME),
                copy(NAME, NAME), copy(CITY, CITY))));
        EntityModel satMaC = DvFixture.typed("dv", "sat_ma_phone_c", "SAT_MA_C", DV_ID, DV_LOAD_TIME, PHONE);
        loads.put("sat_ma_c", DvFixture.load("load_sat_ma_phone_c", satMaC, mapping(satMa, copy(DV_ID, DV_ID),
                copy(DV_LOAD_TIME, DV_LOAD_TIME), copy(PHONE, PHONE))));
        loads.put("ref", GeneratedRefDimFactExecutionTest.load("REF", GeneratedRefDimFactExecutionTest.Mode.DEFAULT));
        loads.put("dim", GeneratedRefDimFactExecutionTest.load("DIM", GeneratedRefDimFactExecutionTest.Mode.DEFAULT));
        loads.put("fact", GeneratedRefDimFactExecutionTest.load("FACT", GeneratedRefDimFactExecutionTest.Mode.DEFAULT));
        return loads;
    }

    static Stream<Arguments> cases() {
        return loads().keySet().stream().flatMap(name -> DialectSyntaxTest.DIALECTS.stream().map(d -> Arguments.of(name, d)));
    }

    @ParameterizedTest(name = "generated_{0} on {1}")
    @MethodSource("cases")
    void everyStatementOfEveryGeneratedLoadParsesAndUsesOnlyWhatTheDialectHas(String name, String dialect) {
        String sql = Loads.sql(loads().get(name), dialect);

        assertThat(sql).contains("(GENERATED - ");
        assertThat(DialectSyntax.problems(sql, DialectSyntaxTest.REGISTRY.get(dialect))).as(sql).isEmpty();
    }

    /** The generated loads' transactions (stage, s_sat) open as every template's: with XACT_ABORT on the Microsoft engines. */
    @Test
    void everyGeneratedTransactionOnTheMicrosoftEnginesAbortsWholeOnAnError() {
        int transactions = 0;
        for (String dialect : List.of("sqlserver", "synapse", "fabric")) {
            for (LoadModel load : loads().values()) {
                String sql = Loads.sql(load, dialect);
                int begins = sql.split("BEGIN TRANSACTION;", -1).length - 1;
                assertThat(sql.split("SET XACT_ABORT ON;\nBEGIN TRANSACTION;", -1).length - 1).as(sql).isEqualTo(begins);
                transactions += begins;
            }
        }
        assertThat(transactions).isEqualTo(6);
    }

    /** Nothing is skipped silently: every generated template of the library has a load above. */
    @Test
    void everyGeneratedTemplateOfTheLibraryIsCovered() throws IOException {
        try (Stream<Path> dirs = Files.list(Path.of("templates-library/templates"))) {
            List<String> generated = dirs.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("generated_"))
                    .map(n -> n.substring("generated_".length())).sorted().toList();
            assertThat(generated).hasSize(14);
            assertThat(loads().keySet()).containsExactlyInAnyOrderElementsOf(generated);
        }
    }
}
