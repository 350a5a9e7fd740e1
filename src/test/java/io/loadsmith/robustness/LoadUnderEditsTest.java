package io.loadsmith.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.loadsmith.LoadsmithApplication;
import io.loadsmith.account.token.TokenScope;
import io.loadsmith.identity.Role;
import io.loadsmith.security.TestAccounts;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Sixty seconds of concurrent API clients on PostgreSQL 17 (loopback only, bounded in time and
 * requests): previews and SQL package exports while editors save the same load. No error
 * answers, no lost update (every accepted save is in the final state), p95 latency reported in
 * target/load-test.md.
 */
class LoadUnderEditsTest {

    private static final long SECONDS = 60;
    private static final int MAX_REQUESTS = 200_000;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> DIALECTS = List.of("snowflake", "bigquery", "databricks", "postgresql", "duckdb", "h2");

    private static String reader;
    private static String editor;

    @Test
    void concurrentPreviewsExportsAndEditsForSixtySeconds() throws Exception {
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
             ConfigurableApplicationContext app = new SpringApplicationBuilder(LoadsmithApplication.class).run(
                     "--server.port=0", "--logging.level.root=WARN",
                     "--spring.datasource.url=" + pg.getJdbcUrl("postgres", "postgres"),
                     "--spring.datasource.username=postgres", "--spring.datasource.password=postgres")) {
            String base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
            // Readers call with a VIEWER's READ token, editors with an EDITOR's WRITE token: the
            // token check runs on every request, as it does for deployment tooling.
            reader = "Bearer " + TestAccounts.token(app, "reader", Role.VIEWER, TokenScope.READ);
            editor = "Bearer " + TestAccounts.token(app, "editor", Role.EDITOR, TokenScope.WRITE);
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            long loadId = JSON.readTree(get(http, base + "/api/v1/loads?name=load_d_vessel_scd2").body()).get(0).get("id").asLong();
            long packageId = JSON.readTree(get(http, base + "/api/v1/packages?name=demo").body()).get(0).get("id").asLong();

            Map<String, List<Long>> latencies = new ConcurrentHashMap<>();
            List<String> failures = Collections.synchronizedList(new ArrayList<>());
            AtomicInteger requests = new AtomicInteger();
            AtomicInteger saves = new AtomicInteger();
            AtomicInteger conflicts = new AtomicInteger();
            long deadline = System.nanoTime() + SECONDS * 1_000_000_000L;
            ExecutorService pool = Executors.newFixedThreadPool(12);
            List<Future<?>> workers = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                workers.add(pool.submit(() -> loop(deadline, requests, () -> {
                    String dialect = DIALECTS.get(ThreadLocalRandom.current().nextInt(DIALECTS.size()));
                    timed(latencies, "preview", failures, () -> get(http, base + "/api/v1/loads/" + loadId + "/sql?dialect=" + dialect));
                })));
            }
            for (int i = 0; i < 2; i++) {
                workers.add(pool.submit(() -> loop(deadline, requests, () -> timed(latencies, "export", failures,
                        () -> get(http, base + "/api/v1/packages/" + packageId + "/versions/working/sql-package?dialect=snowflake")))));
            }
            for (int i = 0; i < 4; i++) {
                workers.add(pool.submit(() -> loop(deadline, requests, () -> {
                    JsonNode load = JSON.readTree(get(http, base + "/api/v1/loads/" + loadId, editor).body());
                    int counter = load.path("options").path("counter").asInt(0);
                    ObjectNode body = (ObjectNode) load;
                    body.putObject("options").put("counter", String.valueOf(counter + 1));
                    HttpResponse<String> put = timedPut(latencies, http, base + "/api/v1/loads/" + loadId, JSON.writeValueAsString(body));
                    if (put.statusCode() == 200) {
                        saves.incrementAndGet();
                    } else if (put.statusCode() == 409) {
                        conflicts.incrementAndGet();
                    } else {
                        failures.add("PUT answered " + put.statusCode() + ": " + put.body());
                    }
                })));
            }
            for (Future<?> worker : workers) {
                worker.get();
            }
            pool.shutdown();

            JsonNode last = JSON.readTree(get(http, base + "/api/v1/loads/" + loadId).body());
            report(latencies, requests.get(), saves.get(), conflicts.get());
            assertThat(failures).as("error answers").isEmpty();
            assertThat(saves.get()).as("accepted saves").isPositive();
            assertThat(last.path("options").path("counter").asInt()).as("no lost update").isEqualTo(saves.get());
            assertThat(last.path("version").asLong()).isEqualTo(saves.get());
        }
    }

    private interface Step {
        void run() throws Exception;
    }

    private interface Call {
        HttpResponse<String> send() throws Exception;
    }

    private static Void loop(long deadline, AtomicInteger requests, Step step) throws Exception {
        while (System.nanoTime() < deadline && requests.incrementAndGet() <= MAX_REQUESTS) {
            step.run();
        }
        return null;
    }

    private static void timed(Map<String, List<Long>> latencies, String kind, List<String> failures, Call call) throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> response = call.send();
        latencies.computeIfAbsent(kind, k -> Collections.synchronizedList(new ArrayList<>())).add(System.nanoTime() - start);
        if (response.statusCode() != 200) {
            failures.add(kind + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    private static HttpResponse<String> timedPut(Map<String, List<Long>> latencies, HttpClient http, String url, String json)
            throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .header("Authorization", editor).PUT(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
        latencies.computeIfAbsent("save", k -> Collections.synchronizedList(new ArrayList<>())).add(System.nanoTime() - start);
        return response;
    }

    private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
        return get(http, url, reader);
    }

    private static HttpResponse<String> get(HttpClient http, String url, String bearer) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", bearer).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static void report(Map<String, List<Long>> latencies, int requests, int saves, int conflicts) throws Exception {
        StringBuilder md = new StringBuilder("# Load under edits (PostgreSQL 17, " + SECONDS + " s, 12 clients)\n\n"
                + "| requests | kind | count | p50 ms | p95 ms | p99 ms |\n| --- | --- | --- | --- | --- | --- |\n");
        for (var entry : new java.util.TreeMap<>(latencies).entrySet()) {
            long[] sorted = entry.getValue().stream().mapToLong(Long::longValue).toArray();
            Arrays.sort(sorted);
            md.append("| ").append(requests).append(" | ").append(entry.getKey()).append(" | ").append(sorted.length)
                    .append(" | ").append(ms(sorted, 50)).append(" | ").append(ms(sorted, 95)).append(" | ")
                    .append(ms(sorted, 99)).append(" |\n");
        }
        md.append("\nSaves accepted: ").append(saves).append("; refused as stale (409, then retried): ").append(conflicts).append(".\n");
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/load-test.md"), md.toString());
        System.out.println(md);
    }

    private static String ms(long[] sorted, int percentile) {
        int index = Math.max(0, Math.min(sorted.length - 1, (int) Math.ceil(percentile / 100.0 * sorted.length) - 1));
        return String.format(java.util.Locale.ROOT, "%.1f", sorted[index] / 1e6);
    }
}
