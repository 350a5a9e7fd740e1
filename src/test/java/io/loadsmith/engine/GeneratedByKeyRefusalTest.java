package io.loadsmith.engine;

import static io.loadsmith.engine.DvFixture.CITY;
import static io.loadsmith.engine.DvFixture.CUSTOMER_ID;
import static io.loadsmith.engine.DvFixture.CUSTOMER_STG;
import static io.loadsmith.engine.DvFixture.DV_DATAHASH;
import static io.loadsmith.engine.DvFixture.DV_ID;
import static io.loadsmith.engine.DvFixture.DV_LOAD_TIME;
import static io.loadsmith.engine.DvFixture.HUB;
import static io.loadsmith.engine.DvFixture.LOAD_TS;
import static io.loadsmith.engine.DvFixture.NAME;
import static io.loadsmith.engine.DvFixture.SAT;
import static io.loadsmith.engine.DvFixture.copy;
import static io.loadsmith.engine.DvFixture.map;
import static io.loadsmith.engine.DvFixture.mapping;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.loadsmith.dialect.DerivedDialects;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;

/**
 * Refusals of the generated REF, DIM and FACT loads and of the options OPT_INSERT_UPDATE_BY_ID_AS_MERGE,
 * OPT_INSERT_UPDATE_DELETE_BY_DATAHASH_AS_MERGE and OPT_SCAN_ONLY_THE_LATEST_BY_KEY: each names the
 * load, what is missing or the option, and why; no class names, no stack trace.
 */
class GeneratedByKeyRefusalTest {

    private static final String MERGE = "OPT_INSERT_UPDATE_BY_ID_AS_MERGE";
    private static final String DELETE = "OPT_INSERT_UPDATE_DELETE_BY_DATAHASH_AS_MERGE";
    private static final String SCAN = "OPT_SCAN_ONLY_THE_LATEST_BY_KEY";

    private static String refusal(LoadModel load, String dialect) {
        return refusal(Loads.GENERATORS.loads(), load, dialect);
    }

    private static String refusal(LoadSqlGenerator generator, LoadModel load, String dialect) {
        try {
            generator.generate(load, dialect, Map.of());
        } catch (GenerationException e) {
            assertThat(e.getMessage()).doesNotContain("freemarker", "Exception", "io.loadsmith", "\tat ", "FTL");
            return e.getMessage();
        }
        throw new AssertionError("generated: " + load.name());
    }

    private static LoadModel ref(Map<String, String> options) {
        return DvFixture.load("load_ref_customer", GeneratedRefDimFactExecutionTest.target("REF"), options,
                List.of(DvFixture.satMapping()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"REF", "DIM", "FACT"})
    void keyAndDatahashMustBeMapped(String entityType) {
        EntityModel target = GeneratedRefDimFactExecutionTest.target(entityType);
        LoadModel noKey = DvFixture.load("load_x", target, mapping(CUSTOMER_STG, map(DV_DATAHASH, "HASH_DIFF", NAME),
                copy(NAME, NAME)));
        assertThat(refusal(noKey, "postgresql"))
                .startsWith("Load 'load_x', step 1 'load_x', template 'generated_" + entityType.toLowerCase())
                .contains("mapping 'm_customer_stg' (stage.customer_stg -> dv.ref_customer): target attribute dv_id"
                        + " (DV_HASHKEY, the key a row is found by) has no mapping; a " + entityType
                        + " load cannot be generated without it.");
        LoadModel noHash = DvFixture.load("load_x", target, mapping(CUSTOMER_STG, map(DV_ID, "HASH_KEY", CUSTOMER_ID),
                copy(NAME, NAME)));
        assertThat(refusal(noHash, "postgresql"))
                .contains("target attribute dv_datahash (DV_DATAHASH, the datahash that tells a changed row) has no mapping;"
                        + " a " + entityType + " load cannot be generated without it.");
        EntityModel noHashColumn = DvFixture.typed("dv", "ref_customer", entityType, DV_ID, NAME);
        assertThat(refusal(DvFixture.load("load_x", noHashColumn, mapping(CUSTOMER_STG,
                map(DV_ID, "HASH_KEY", CUSTOMER_ID), copy(NAME, NAME))), "postgresql"))
                .contains("a " + entityType + " load needs exactly one target attribute of type DV_DATAHASH"
                        + " (the datahash that tells a changed row); dv.ref_customer has 0.");
    }

    @Test
    void mergeOptionsOnADialectWithoutMergeNameTheDialectAndTheCapability() throws IOException {
        LoadSqlGenerator noMerge = DerivedDialects.generatorWith(Map.of("name", "nomerge", "label", "No MERGE", "parent", "ansi",
                "capabilities", Map.of("merge", false)));
        for (String option : List.of(MERGE, DELETE)) {
            assertThat(refusal(noMerge, ref(Map.of(option, "true")), "nomerge"))
                    .startsWith("Load 'load_ref_customer'")
                    .contains("load option " + option + " writes one MERGE, which needs the capability merge, which the"
                            + " dialect nomerge (No MERGE) lacks; remove the option or choose another dialect.");
        }
        // Without the option the same dialect updates with UPDATE … FROM.
        assertThat(noMerge.generate(ref(Map.of()), "nomerge", Map.of()).sql()).contains("UPDATE dv.ref_customer AS trg");
        // Neither UPDATE … FROM nor MERGE: the default is refused too.
        LoadSqlGenerator neither = DerivedDialects.generatorWith(Map.of("name", "neither", "label", "Neither", "parent", "ansi",
                "capabilities", Map.of("merge", false, "update_from", false)));
        assertThat(refusal(neither, ref(Map.of()), "neither"))
                .contains("a generated REF load without UPDATE … FROM (capability update_from) writes one MERGE, which needs"
                        + " the capability merge, which the dialect neither (Neither) lacks; write the load's SQL in an"
                        + " OVERRIDE step or choose another dialect.");
        // Redshift's MERGE has no AND <condition> in its WHEN clauses: its REF loads update with UPDATE … FROM,
        // and the options are refused.
        assertThat(refusal(ref(Map.of(DELETE, "true")), "redshift"))
                .contains("needs the capability merge_clause_condition, which the dialect redshift (Amazon Redshift) lacks");
        assertThat(Loads.sql(ref(Map.of()), "redshift")).contains("UPDATE dv.ref_customer AS trg");
        // SQL Server's MERGE reads a table: the rows are staged in a work table.
        assertThat(Loads.sql(ref(Map.of(DELETE, "true")), "sqlserver"))
                .contains("SELECT * INTO dv.Z_MERGE_ref_customer FROM (", "MERGE INTO dv.ref_customer trg USING dv.Z_MERGE_ref_customer src",
                        "WHEN MATCHED AND src.dv_delete_row = 1 THEN DELETE");
    }

    @Test
    void optionsWhereTheyDoNotApply() {
        assertThat(refusal(DvFixture.load("load_hub_customer", HUB, Map.of(MERGE, "true"), List.of(DvFixture.hubMapping())),
                "duckdb")).contains("load option OPT_INSERT_UPDATE_BY_ID_AS_MERGE does not apply to a generated HUB load"
                        + " (only REF, DIM and FACT loads update rows in place; the others insert only); remove it or set it false.");
        assertThat(refusal(DvFixture.load("load_sat_customer", SAT, Map.of(DELETE, "true"), List.of(DvFixture.satMapping())),
                "duckdb")).contains("load option OPT_INSERT_UPDATE_DELETE_BY_DATAHASH_AS_MERGE does not apply to a generated SAT load");
        assertThat(refusal(ref(Map.of(SCAN, "true")), "duckdb"))
                .contains("load option OPT_SCAN_ONLY_THE_LATEST_BY_KEY does not apply to a generated REF load (it narrows the"
                        + " history a load compares with, which only a SAT or PSA load reads); remove it or set it false.");
        assertThat(refusal(ref(Map.of("OPT_SKIP_DUPLICATE_PREVENTION", "true")), "duckdb"))
                .contains("load option OPT_SKIP_DUPLICATE_PREVENTION does not apply to a generated REF load");
        // false is the default, accepted on any load.
        assertThat(Loads.sql(DvFixture.load("load_hub_customer", HUB, Map.of(MERGE, "false", SCAN, "false", DELETE, "false"),
                List.of(DvFixture.hubMapping())), "duckdb")).contains("INSERT INTO dv.hub_customer");
    }

    @Test
    void badValuesAndCombinations() {
        assertThat(refusal(ref(Map.of(MERGE, "yes")), "duckdb"))
                .contains("load option OPT_INSERT_UPDATE_BY_ID_AS_MERGE is 'yes'; it takes true or false.");
        assertThat(refusal(DvFixture.load("load_sat_customer", SAT, Map.of(SCAN, "true", "OPT_SKIP_DUPLICATE_PREVENTION", "true"),
                List.of(DvFixture.satMapping())), "duckdb"))
                .contains("load options OPT_SKIP_DUPLICATE_PREVENTION and OPT_SCAN_ONLY_THE_LATEST_BY_KEY cannot go together");
        EntityModel twoTimes = DvFixture.typed("dv", "fact_sales", "FACT", DV_ID, DV_LOAD_TIME,
                Loads.attr("other_time", "DV_LOAD_TIME", "TIMESTAMP", null), DV_DATAHASH, CITY);
        assertThat(refusal(DvFixture.load("load_fact_sales", twoTimes, mapping(CUSTOMER_STG, map(DV_ID, "HASH_KEY", CUSTOMER_ID),
                copy(DV_LOAD_TIME, LOAD_TS), map(DV_DATAHASH, "HASH_DIFF", CITY), copy(CITY, CITY))), "duckdb"))
                .contains("a FACT load takes at most one target attribute of type DV_LOAD_TIME; dv.fact_sales has 2.");
    }
}
