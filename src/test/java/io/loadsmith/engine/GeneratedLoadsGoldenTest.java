package io.loadsmith.engine;

import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.generation.model.LoadModel;

/**
 * Snowflake, BigQuery and Databricks cannot run here: their generated hub, link and satellite loads
 * are compared with golden files in src/test/resources/golden/generated/, reviewed by eye when
 * written. To rewrite them after an intended change:
 * mvn test -Dtest=GeneratedLoadsGoldenTest -Dgolden.update=true, then review the diff.
 */
class GeneratedLoadsGoldenTest {

    private static final Path DIR = Path.of("src/test/resources/golden/generated");

    static Stream<Arguments> cases() {
        return Stream.of("snowflake", "bigquery", "databricks").flatMap(dialect -> Stream.of(
                Arguments.of("hub", dialect, DvFixture.load("load_hub_customer", DvFixture.HUB, DvFixture.hubMapping())),
                Arguments.of("link", dialect, DvFixture.load("load_link_order", DvFixture.LINK, DvFixture.linkMapping())),
                Arguments.of("sat", dialect, DvFixture.load("load_sat_customer", DvFixture.SAT, DvFixture.satMapping()))));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void generatedSqlIsTheReviewedOne(String name, String dialect, LoadModel load) {
        Golden.assertMatches(DIR.resolve(name + "." + dialect + ".sql"), Loads.sql(load, dialect));
    }
}
