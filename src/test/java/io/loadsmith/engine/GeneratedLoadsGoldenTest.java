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

import io.loadsmith.generation.model.LoadModel;

/**
 * Snowflake, BigQuery, Databricks, Redshift, SQL Server, Synapse and Fabric cannot run here: their
 * generated loads are compared with golden files in src/test/resources/golden/generated/, reviewed
 * by eye when written. The first three have the hub, link, satellite, multi-active and status
 * satellite loads; the four added with issue 49 have every generated template, with the loads of
 * GeneratedLoadsDialectSyntaxTest (which also parses them). To rewrite them after an intended change:
 * mvn test -Dtest=GeneratedLoadsGoldenTest -Dgolden.update=true, then review the diff.
 */
class GeneratedLoadsGoldenTest {

    private static final Path DIR = Path.of("src/test/resources/golden/generated");

    private static final List<String> CORE = List.of("hub", "link", "sat", "sat_ma", "s_sat");
    private static final List<String> EVERY_TEMPLATE = List.of("redshift", "sqlserver", "synapse", "fabric");

    static Stream<Arguments> cases() {
        Map<String, LoadModel> loads = GeneratedLoadsDialectSyntaxTest.loads();
        Stream<Arguments> core = Stream.of("snowflake", "bigquery", "databricks")
                .flatMap(dialect -> CORE.stream().map(name -> Arguments.of(name, dialect, loads.get(name))));
        Stream<Arguments> every = EVERY_TEMPLATE.stream()
                .flatMap(dialect -> loads.keySet().stream().map(name -> Arguments.of(name, dialect, loads.get(name))));
        Stream<Arguments> audits = Stream.of("snowflake", "bigquery", "databricks", "redshift", "sqlserver", "synapse", "fabric")
                .flatMap(dialect -> auditLoads().entrySet().stream().map(e -> Arguments.of(e.getKey(), dialect, e.getValue())));
        return Stream.concat(Stream.concat(core, every), audits);
    }

    /** The generated loads with OPT_AUDIT_HISTORY=true (issue 47 item 7); DialectSyntaxTest parses them too. */
    static Map<String, LoadModel> auditLoads() {
        Map<String, LoadModel> loads = GeneratedLoadsDialectSyntaxTest.loads();
        Map<String, LoadModel> audited = new java.util.LinkedHashMap<>();
        for (String name : List.of("hub", "link", "sat", "psa", "sat_ma")) {
            LoadModel l = loads.get(name);
            Map<String, String> options = new java.util.HashMap<>(l.options());
            options.put("OPT_AUDIT_HISTORY", "true");
            audited.put(name + "_audit", new LoadModel(l.name(), l.target(), l.sources(), l.steps(), options, l.mappings()));
        }
        return audited;
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void generatedSqlIsTheReviewedOne(String name, String dialect, LoadModel load) {
        Golden.assertMatches(DIR.resolve(name + "." + dialect + ".sql"), Loads.sql(load, dialect));
    }

    /** No golden file lies about: each one is compared above (a renamed load would leave its old file behind). */
    @Test
    void everyGoldenFileIsCompared() throws IOException {
        List<String> compared = cases().map(a -> a.get()[0] + "." + a.get()[1] + ".sql").sorted().toList();
        try (Stream<Path> files = Files.list(DIR)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList()).isEqualTo(compared);
        }
    }
}
