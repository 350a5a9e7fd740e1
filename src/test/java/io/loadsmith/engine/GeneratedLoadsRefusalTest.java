package io.loadsmith.engine;

import static io.loadsmith.engine.DvFixture.CITY;
import static io.loadsmith.engine.DvFixture.CUSTOMER_ID;
import static io.loadsmith.engine.DvFixture.CUSTOMER_STG;
import static io.loadsmith.engine.DvFixture.DV_DATAHASH;
import static io.loadsmith.engine.DvFixture.DV_ID;
import static io.loadsmith.engine.DvFixture.DV_ID_CUSTOMER;
import static io.loadsmith.engine.DvFixture.DV_ID_PRODUCT;
import static io.loadsmith.engine.DvFixture.DV_LOAD_TIME;
import static io.loadsmith.engine.DvFixture.HUB;
import static io.loadsmith.engine.DvFixture.LINK;
import static io.loadsmith.engine.DvFixture.LOAD_TS;
import static io.loadsmith.engine.DvFixture.NAME;
import static io.loadsmith.engine.DvFixture.ORDER_STG;
import static io.loadsmith.engine.DvFixture.PRODUCT_ID;
import static io.loadsmith.engine.DvFixture.SAT;
import static io.loadsmith.engine.DvFixture.copy;
import static io.loadsmith.engine.DvFixture.map;
import static io.loadsmith.engine.DvFixture.mapping;
import static io.loadsmith.engine.Loads.attr;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/** Which loads generate their logic, where it goes among the steps, and the refusals, each naming what is missing. */
class GeneratedLoadsRefusalTest {

    private static String generate(LoadModel load) {
        return Loads.sql(load, "duckdb");
    }

    /** The refusal's message: no engine or class names, no stack trace. */
    private static String refusal(LoadModel load) {
        try {
            generate(load);
        } catch (GenerationException e) {
            assertThat(e.getMessage()).doesNotContain("freemarker", "Exception", "io.loadsmith", "\tat ", "FTL");
            return e.getMessage();
        }
        throw new AssertionError("generated: " + load.name());
    }

    @Test
    void generatedStepRunsBetweenPreAndPostUnderItsHeader() {
        GeneratedLoad generated = Loads.GENERATORS.loads().generate(DvFixture.load("load_hub_customer", HUB,
                DvFixture.hubMapping(), new StepModel("after", StepType.POST, "DELETE FROM stage.customer_stg"),
                new StepModel("before", StepType.PRE, "SELECT 1")), "duckdb", Map.of());
        assertThat(generated.steps()).extracting(GeneratedLoad.GeneratedStep::name)
                .containsExactly("before", "load_hub_customer", "after");
        assertThat(generated.steps()).extracting(GeneratedLoad.GeneratedStep::type).containsExactly("PRE", "GENERATED", "POST");
        assertThat(generated.sql()).contains("/* 1. before (PRE - SQL) */\nSELECT 1;\n\n/* 2. load_hub_customer (GENERATED - HUB) */\nINSERT INTO dv.hub_customer")
                .contains("/* 3. after (POST - SQL) */\nDELETE FROM stage.customer_stg;");
    }

    @Test
    void anOverrideStepReplacesTheGeneratedLogic() {
        String sql = generate(DvFixture.load("load_hub_customer", HUB, DvFixture.hubMapping(),
                new StepModel("mine", StepType.OVERRIDE, "SELECT 42")));
        assertThat(sql).isEqualTo("/* 1. mine (OVERRIDE - SQL) */\nSELECT 42;\n");
    }

    @Test
    void aTeamsOwnFormulaChangesEveryGeneratedLoad() {
        TestGenerators custom = TestGenerators.with(List.of(new InMemoryTemplates()
                .addFormula("HASH_KEY", "default", "SHA_OF(<#list sourceAttributes as a>${prefix}.${a.sqlName}<#sep>, </#list>)")));
        String sql = custom.loads().generate(DvFixture.load("load_hub_customer", HUB, DvFixture.hubMapping()),
                "duckdb", Map.of()).sql();
        assertThat(sql).contains("SHA_OF(s.customer_id) AS dv_id").doesNotContain("MD5(");
    }

    @Test
    void twoMappingsWithoutOverrideAreRefusedNamingTheLoad() {
        LoadModel load = DvFixture.load("load_hub_customer", HUB, Map.of(),
                List.of(DvFixture.hubMapping(), mapping(ORDER_STG, map(DV_ID, "HASH_KEY", CUSTOMER_ID))));
        assertThat(refusal(load))
                .isEqualTo("Load 'load_hub_customer': the load has 2 entity mappings ('m_customer_stg', 'm_order_stg')"
                        + " and no OVERRIDE step: generated logic reads exactly one mapping; remove the others or write"
                        + " the load's SQL in an OVERRIDE step.");
    }

    @Test
    void hubWithoutHashKeyMapping() {
        LoadModel load = DvFixture.load("load_hub_customer", HUB, mapping(CUSTOMER_STG, copy(DV_LOAD_TIME, LOAD_TS)));
        assertThat(refusal(load))
                .startsWith("Load 'load_hub_customer', step 1 'load_hub_customer', template 'generated_hub")
                .contains("mapping 'm_customer_stg' (stage.customer_stg -> dv.hub_customer): target attribute"
                        + " dv_id (DV_HASHKEY, the key) has no mapping; a HUB load cannot be generated without it.");
    }

    @Test
    void satWithoutDatahash() {
        LoadModel load = DvFixture.load("load_sat_customer", SAT, mapping(CUSTOMER_STG,
                map(DV_ID, "HASH_KEY", CUSTOMER_ID), copy(DV_LOAD_TIME, LOAD_TS), copy(NAME, NAME)));
        assertThat(refusal(load))
                .contains("target attribute dv_datahash (DV_DATAHASH, the datahash that tells a change) has no"
                        + " mapping; a SAT load cannot be generated without it.");
        EntityModel noHashColumn = DvFixture.typed("dv", "sat_customer", "SAT", DV_ID, DV_LOAD_TIME, NAME);
        assertThat(refusal(DvFixture.load("load_sat_customer", noHashColumn, mapping(CUSTOMER_STG,
                map(DV_ID, "HASH_KEY", CUSTOMER_ID), copy(NAME, NAME)))))
                .contains("a SAT load needs exactly one target attribute of type DV_DATAHASH"
                        + " (the datahash that tells a change); dv.sat_customer has 0.");
    }

    @Test
    void linkWithOneHubKey() {
        LoadModel load = DvFixture.load("load_link_order", LINK, mapping(ORDER_STG,
                map(DV_ID, "HASH_KEY", CUSTOMER_ID, PRODUCT_ID), map(DV_ID_CUSTOMER, "HASH_KEY", CUSTOMER_ID),
                copy(DV_LOAD_TIME, LOAD_TS)));
        assertThat(refusal(load))
                .contains("mapping 'm_order_stg' (stage.order_stg -> dv.link_order): a LINK load needs at"
                        + " least two mapped target attributes of type DV_REFERENCING_HASHKEY (one per hub), it has 1 (dv_id_customer).");
    }

    @Test
    void linkKeyMustHashTheHubKeysInMappingOrder() {
        LoadModel load = DvFixture.load("load_link_order", LINK, mapping(ORDER_STG,
                map(DV_ID, "HASH_KEY", PRODUCT_ID, CUSTOMER_ID), map(DV_ID_CUSTOMER, "HASH_KEY", CUSTOMER_ID),
                map(DV_ID_PRODUCT, "HASH_KEY", PRODUCT_ID), copy(DV_LOAD_TIME, LOAD_TS)));
        assertThat(refusal(load))
                .contains("link key dv_id hashes (product_id, customer_id) but the hub keys' parts in"
                        + " mapping order are (customer_id, product_id)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"FLOAT8", "BINARY", "JSON", "TIME"})
    void hashPartOfATypeTheFormulaCannotWrite(String datatype) {
        AttributeModel odd = attr("odd", null, datatype, null);
        EntityModel source = DvFixture.typed("stage", "odd_stg", "STAGE", CUSTOMER_ID, odd, LOAD_TS);
        LoadModel load = DvFixture.load("load_sat_customer", SAT, mapping(source, map(DV_ID, "HASH_KEY", CUSTOMER_ID),
                copy(DV_LOAD_TIME, LOAD_TS), map(DV_DATAHASH, "HASH_DIFF", CUSTOMER_ID, odd)));
        assertThat(refusal(load))
                .contains("mapping 'm_odd_stg' (stage.odd_stg -> dv.sat_customer): target attribute dv_datahash"
                        + " (HASH_DIFF) hashes source attribute odd of type " + datatype + ", which the hash formulas cannot"
                        + " write as the same text on every engine");
    }

    @Test
    void entityTypeWithoutGeneratedLogic() {
        EntityModel pit = DvFixture.typed("dv", "pit_country", "PIT", CUSTOMER_ID);
        assertThat(refusal(DvFixture.load("load_pit", pit, mapping(CUSTOMER_STG, copy(CUSTOMER_ID, CUSTOMER_ID)))))
                .startsWith("Load 'load_pit': the target dv.pit_country is of entity type PIT, for which the"
                        + " library has no generated logic (no template generated_pit;");
    }

    @Test
    void optionThatDoesNotApply() {
        EntityModel stage = DvFixture.typed("stage", "customer_out", "STAGE", CUSTOMER_ID);
        LoadModel load = DvFixture.load("load_out", stage, Map.of("OPT_NOT_EXISTS_WHERE", "t.x = 1"),
                List.of(mapping(CUSTOMER_STG, copy(CUSTOMER_ID, CUSTOMER_ID))));
        assertThat(refusal(load))
                .contains("load option OPT_NOT_EXISTS_WHERE does not apply to a generated STAGE load (it applies"
                        + " to HUB, LINK, SAT, PSA); remove it.");
        LoadModel badFlag = DvFixture.load("load_hub_customer", HUB, Map.of("OPT_SKIP_DUPLICATE_PREVENTION", "yes"),
                List.of(DvFixture.hubMapping()));
        assertThat(refusal(badFlag))
                .contains("load option OPT_SKIP_DUPLICATE_PREVENTION is 'yes'; it takes true or false.");
    }

    @Test
    void historizationOtherThanByDatahashAsInsert() {
        LoadModel load = DvFixture.load("load_sat_customer", SAT, Map.of("OPT_HISTORIZED_BY_DATAHASH_AS_INSERT", "false"),
                List.of(DvFixture.satMapping()));
        assertThat(refusal(load)).contains("load option OPT_HISTORIZED_BY_DATAHASH_AS_INSERT is 'false': a generated SAT"
                + " load is always historized by datahash as insert; set it true or remove it");
        assertThat(generate(DvFixture.load("load_sat_customer", SAT, Map.of("OPT_HISTORIZED_BY_DATAHASH_AS_INSERT", "true"),
                List.of(DvFixture.satMapping())))).contains("INSERT INTO dv.sat_customer");
        assertThat(refusal(DvFixture.load("load_hub_customer", HUB, Map.of("OPT_HISTORIZED_BY_DATAHASH_AS_INSERT", "true"),
                List.of(DvFixture.hubMapping())))).contains("does not apply to a generated HUB load");
    }

    @Test
    void optionsThatDoNotApplyAreRefusedNotIgnored() {
        LoadModel load = DvFixture.load("load_hub_customer", HUB, Map.of("OPT_INSERT_UPDATE_BY_ID_AS_MERGE", "true"),
                List.of(DvFixture.hubMapping()));
        assertThat(refusal(load)).contains("load option OPT_INSERT_UPDATE_BY_ID_AS_MERGE does not apply to a generated"
                + " HUB load");
        assertThat(generate(DvFixture.load("load_hub_customer", HUB, Map.of("OPT_SCAN_ONLY_THE_LATEST_BY_KEY", "false"),
                List.of(DvFixture.hubMapping())))).contains("INSERT INTO dv.hub_customer");
    }

    @Test
    void plainCopyOfTwoSourceAttributes() {
        EntityModel stage = DvFixture.typed("stage", "customer_out", "STAGE", NAME);
        LoadModel load = DvFixture.load("load_out", stage, mapping(CUSTOMER_STG, map(NAME, null, NAME, CITY)));
        assertThat(refusal(load))
                .contains("Target attribute name is a plain copy of 2 source attributes; a copy needs exactly one");
    }

    @Test
    void templateCalledWithoutAMapping() {
        LoadModel load = Loads.load("l", HUB, List.of(CUSTOMER_STG), "<ftltemplate:generated_hub>");
        assertThat(refusal(load))
                .contains("generated logic reads exactly one entity mapping; load l has 0.");
    }
}
