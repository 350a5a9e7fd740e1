package io.loadsmith.tryit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.HttpMethod;

import io.loadsmith.store.H2DemoStoreTest;
import tools.jackson.databind.JsonNode;

/**
 * The sandbox refuses, with a message, what would reach outside it (files, other databases,
 * extensions, its own settings) and stops runaway statements by time or memory; after each the
 * application keeps serving and the next try works.
 */
class TrySandboxSecurityTest extends H2DemoStoreTest {

    private TryLoads loads;

    @BeforeEach
    void loads() {
        loads = new TryLoads(api());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            read a file        | INSERT INTO <target_schema>.<target_entity_name> SELECT * FROM read_csv('/etc/passwd');        | no access to files
            read text          | SELECT * FROM read_text('/etc/hostname');                                                     | no access to files
            list files         | SELECT * FROM glob('/*');                                                                     | no access to files
            write a file       | COPY (SELECT 42 AS x) TO '/tmp/loadsmith-try-escape.csv';                                     | no access to files
            export             | EXPORT DATABASE '/tmp/loadsmith-try-export';                                                  | no access to files
            attach a database  | ATTACH '/tmp/loadsmith-try-attach.duckdb' AS other;                                           | no access to files
            install            | INSTALL httpfs;                                                                               | no access to files
            load               | LOAD httpfs;                                                                                  | no access to files
            the network        | SELECT * FROM read_csv('https://example.com/x.csv');                                          | no access to files
            unlock settings    | SET enable_external_access = true;                                                            | no access to files
            reset settings     | RESET memory_limit;                                                                           | no access to files
            runaway CPU        | SELECT sum(a.range * b.range) FROM range(1000000) a, range(1000000) b;                        | Stopped after 5 s
            runaway memory     | SELECT string_agg(repeat('x', 1000)) FROM range(10000000);                                   | memory
            """)
    void refusedWithAMessageAndTheAppKeepsServing(String what, String sql, String message) throws Exception {
        long id = loads.sqlLoad(sql);
        long started = System.nanoTime();
        JsonNode failure = loads.tryLoad(id, List.of(Map.of())).get("batches").get(0).get("failure");
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;

        assertThat(failure.isNull()).as(what + " was not refused").isFalse();
        assertThat(failure.get("message").asString()).as(what).contains(message);
        String tail = sql.substring(Math.max(0, sql.length() - 25), sql.length() - 1);
        assertThat(failure.get("statement").asString()).as("the statement is shown").endsWith(tail);
        assertThat(seconds).as("stopped in time").isLessThan(SandboxLimits.DEFAULT.statementSeconds() + 10);
        assertThat(Path.of("/tmp/loadsmith-try-escape.csv")).doesNotExist();
        assertThat(Path.of("/tmp/loadsmith-try-attach.duckdb")).doesNotExist();
        assertThat(Files.exists(Path.of("/tmp/loadsmith-try-export"))).isFalse();

        // Still serving: a plain read, and a try that works.
        assertThat(api().send(HttpMethod.GET, "/api/v1/loads?name=load_d_vessel_scd2", null).status()).isEqualTo(200);
        long ok = loads.sqlLoad("INSERT INTO <target_schema>.<target_entity_name> VALUES ('fine');");
        JsonNode batch = loads.tryLoad(ok, List.of(Map.of())).get("batches").get(0);
        assertThat(batch.get("failure").isNull()).isTrue();
        assertThat(TryLoads.targetTable(batch).get("rows").get(0).get("values").get(0).asString()).isEqualTo("fine");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            too many rows | INSERT INTO <target_schema>.<target_entity_name> SELECT range::VARCHAR FROM range(10001); | holds 10001 rows
            """)
    void aTableGrownPastTheLimitStopsTheRun(String what, String sql, String message) {
        long id = loads.sqlLoad(sql);
        JsonNode result = loads.tryLoad(id, List.of(Map.of(), Map.of()));
        assertThat(result.get("batches").size()).isEqualTo(1);
        assertThat(result.get("batches").get(0).get("failure").get("message").asString()).contains(message, "10000");
    }
}
