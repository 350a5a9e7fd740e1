package io.loadsmith.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.engine.GeneratedRefDimFactExecutionTest.Mode;
import io.loadsmith.generation.model.LoadModel;

/**
 * Goldens of the generated REF, DIM and FACT loads with their options, and of a SAT load with
 * OPT_SCAN_ONLY_THE_LATEST_BY_KEY, in src/test/resources/golden/generated_by_key/, reviewed by eye
 * when written: Snowflake, BigQuery and Databricks for every form; SQL Server, Synapse and Fabric
 * for the two MERGE options (their MERGE reads a work table), each statement also parsed
 * (DialectSyntax). Redshift lacks MERGE's clause conditions, so the options are refused there; the
 * default REF, DIM and FACT loads of the four engineless dialects are GeneratedLoadsGoldenTest's.
 * To rewrite: mvn test -Dtest=GeneratedByKeyGoldenTest -Dgolden.update=true, then review the diff.
 */
class GeneratedByKeyGoldenTest {

    private static final Path DIR = Path.of("src/test/resources/golden/generated_by_key");

    static Stream<Arguments> cases() {
        Stream<Arguments> engines = Stream.of("snowflake", "bigquery", "databricks").flatMap(dialect -> Stream.of(
                Arguments.of("ref", dialect, GeneratedRefDimFactExecutionTest.load("REF", Mode.DEFAULT)),
                Arguments.of("dim_merge", dialect, GeneratedRefDimFactExecutionTest.load("DIM", Mode.MERGE)),
                Arguments.of("fact_delete_merge", dialect, GeneratedRefDimFactExecutionTest.load("FACT", Mode.DELETE_MERGE)),
                Arguments.of("sat_scan_latest", dialect, DvFixture.load("load_sat_customer", DvFixture.SAT,
                        Map.of("OPT_SCAN_ONLY_THE_LATEST_BY_KEY", "true"), List.of(DvFixture.satMapping())))));
        return Stream.concat(engines, tsql());
    }

    static Stream<Arguments> tsql() {
        return Stream.of("sqlserver", "synapse", "fabric").flatMap(dialect -> Stream.of(
                Arguments.of("dim_merge", dialect, GeneratedRefDimFactExecutionTest.load("DIM", Mode.MERGE)),
                Arguments.of("fact_delete_merge", dialect, GeneratedRefDimFactExecutionTest.load("FACT", Mode.DELETE_MERGE))));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void generatedSqlIsTheReviewedOne(String name, String dialect, LoadModel load) {
        Golden.assertMatches(DIR.resolve(name + "." + dialect + ".sql"), Loads.sql(load, dialect));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("tsql")
    void tsqlStatementsParseAndUseOnlyWhatTheDialectHas(String name, String dialect, LoadModel load) {
        String sql = Loads.sql(load, dialect);
        assertThat(DialectSyntax.problems(sql, DialectSyntaxTest.REGISTRY.get(dialect))).as(sql).isEmpty();
    }

    /** No golden file lies about: each one is compared above. */
    @Test
    void everyGoldenFileIsCompared() throws IOException {
        List<String> compared = cases().map(a -> a.get()[0] + "." + a.get()[1] + ".sql").sorted().toList();
        try (Stream<Path> files = Files.list(DIR)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList()).isEqualTo(compared);
        }
    }
}
