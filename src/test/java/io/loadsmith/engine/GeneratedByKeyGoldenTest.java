package io.loadsmith.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.generation.model.LoadModel;

/**
 * Snowflake, BigQuery and Databricks goldens of the generated REF, DIM and FACT loads (default,
 * OPT_INSERT_UPDATE_BY_ID_AS_MERGE, OPT_INSERT_UPDATE_DELETE_BY_DATAHASH_AS_MERGE) and of a SAT
 * load with OPT_SCAN_ONLY_THE_LATEST_BY_KEY, in src/test/resources/golden/generated/, reviewed by
 * eye when written. Apart from GeneratedLoadsGoldenTest so that both can grow independently. To
 * rewrite them: mvn test -Dtest=GeneratedByKeyGoldenTest -Dgolden.update=true, then review the diff.
 */
class GeneratedByKeyGoldenTest {

    private static final Path DIR = Path.of("src/test/resources/golden/generated");

    static Stream<Arguments> cases() {
        return Stream.of("snowflake", "bigquery", "databricks").flatMap(dialect -> Stream.of(
                Arguments.of("ref", dialect, GeneratedRefDimFactExecutionTest.load("REF", GeneratedRefDimFactExecutionTest.Mode.DEFAULT)),
                Arguments.of("dim_merge", dialect, GeneratedRefDimFactExecutionTest.load("DIM", GeneratedRefDimFactExecutionTest.Mode.MERGE)),
                Arguments.of("fact_delete_merge", dialect,
                        GeneratedRefDimFactExecutionTest.load("FACT", GeneratedRefDimFactExecutionTest.Mode.DELETE_MERGE)),
                Arguments.of("sat_scan_latest", dialect, DvFixture.load("load_sat_customer", DvFixture.SAT,
                        Map.of("OPT_SCAN_ONLY_THE_LATEST_BY_KEY", "true"), List.of(DvFixture.satMapping())))));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void generatedSqlIsTheReviewedOne(String name, String dialect, LoadModel load) {
        Golden.assertMatches(DIR.resolve(name + "." + dialect + ".sql"), Loads.sql(load, dialect));
    }
}
