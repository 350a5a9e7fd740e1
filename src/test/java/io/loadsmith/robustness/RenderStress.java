package io.loadsmith.robustness;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.loadsmith.LoadsmithApplication;
import io.loadsmith.account.token.TokenScope;
import io.loadsmith.identity.Role;
import io.loadsmith.security.TestAccounts;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runaway renders of every kind beside ordinary traffic on a running application, counted by
 * requests, not by time: the ordinary requests ({@code GET /api/v1/me}, a normal load's SQL) must
 * all succeed, each runaway must be answered with its stop (or, for what cannot run long any more,
 * its result), and what would run inside one element is refused when saved. Used by
 * RenderStressTest (a few dozen requests) and the benchmarks' RenderStressBench (thousands).
 */
public final class RenderStress {

    /** What the traffic got; {@code ordinaryErrors} and {@code runawayErrors} must be empty. */
    public record Outcome(int ordinary, int runaways, List<String> ordinaryErrors, List<String> runawayErrors,
                          Map<String, Integer> answersByKind, long slowestMeMillis) {
    }

    /** Saved, then stopped at render: a name, the text, what the answer must contain (422 unless "false"). */
    private record Runaway(String name, String text, String answer) {
    }

    private static final List<Runaway> RUNAWAYS = List.of(
            new Runaway("huge_list", "<#list 1..2000000000 as i><#assign x = i></#list>", "rendering was stopped"),
            new Runaway("endless_list", "<#list 1.. as i></#list>", "rendering was stopped"),
            new Runaway("macro_recursion", "<#macro r n><@r n + 1/></#macro><@r 1/>", "rendering was stopped"),
            new Runaway("string_doubling", "<#assign s = \"xx\"><#list 1..64 as i><#assign s = s + s></#list>${s?length}",
                    "rendering was stopped"),
            // Catastrophic for a backtracking engine; linear on RE2/J, so it answers.
            new Runaway("regex_backtracking", "<#assign x = \"x\"?right_pad(1000, \"x\")>"
                    + "SELECT '${fn.regex_matches(x + x + x + x + x + x + x + x, \"(x+x+)+y\")?c}' AS m", "'false'"));

    /** Refused on save: each would run or grow inside one element. */
    private static final List<String> REFUSED = List.of(
            "${(\"x\"?right_pad(1000, \"x\"))?replace(\"(x+x+)+y\", \"z\", \"r\")}",
            "${\"x\"?left_pad(900000000)?length}",
            "${(1..300000000)?join(\",\")?length}");

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration PATIENCE = Duration.ofMinutes(5);

    private RenderStress() {
    }

    /**
     * Starts the application on the given store with small render budgets and 3 render threads, and
     * sends {@code ordinaryRequests} ordinary requests from two clients beside two clients that send
     * runaways until the ordinary ones are done (each runaway kind at least once per client).
     */
    public static Outcome run(String datasourceUrl, String username, String password, int ordinaryRequests)
            throws Exception {
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(LoadsmithApplication.class).run(
                "--server.port=0", "--logging.level.root=WARN",
                "--spring.datasource.url=" + datasourceUrl, "--spring.datasource.username=" + username,
                "--spring.datasource.password=" + password,
                "--loadsmith.render.time-limit=1s", "--loadsmith.render.memory-limit=64MB",
                "--loadsmith.render.threads=3", "--loadsmith.render.queue=6")) {
            String base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
            String reader = "Bearer " + TestAccounts.token(app, "stress_reader", Role.VIEWER, TokenScope.READ);
            String editor = "Bearer " + TestAccounts.token(app, "stress_admin", Role.ADMIN, TokenScope.WRITE);
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            long normal = JSON.readTree(send(http, get(base + "/api/v1/loads?name=load_d_vessel_scd2", reader)).body())
                    .get(0).get("id").asLong();
            List<String> runawayErrors = Collections.synchronizedList(new ArrayList<>());
            for (String text : REFUSED) {
                HttpResponse<String> refused = send(http, post(base + "/api/v1/templates", editor,
                        Map.of("name", "refused_" + Integer.toHexString(text.hashCode()).replace('-', 'm'),
                                "variants", Map.of("default", text))));
                if (refused.statusCode() != 400) {
                    runawayErrors.add("saving " + text + " answered " + refused.statusCode() + ": " + refused.body());
                }
            }
            Map<String, Long> loads = new ConcurrentHashMap<>();
            for (Runaway runaway : RUNAWAYS) {
                created(send(http, post(base + "/api/v1/templates", editor,
                        Map.of("name", "stress_" + runaway.name(), "variants", Map.of("default", runaway.text())))));
                HttpResponse<String> load = created(send(http, post(base + "/api/v1/loads", editor, Map.of(
                        "name", "stress_load_" + runaway.name(), "target", "publish.D_VESSEL_SCD2",
                        "steps", List.of(Map.of("name", "runaway", "type", "OVERRIDE",
                                "text", "<ftltemplate:stress_" + runaway.name() + ">"))))));
                loads.put(runaway.name(), JSON.readTree(load.body()).get("id").asLong());
            }

            List<String> ordinaryErrors = Collections.synchronizedList(new ArrayList<>());
            Map<String, Integer> answers = new ConcurrentHashMap<>();
            AtomicInteger ordinary = new AtomicInteger();
            AtomicInteger runaways = new AtomicInteger();
            AtomicBoolean ordinaryDone = new AtomicBoolean();
            AtomicLong slowestMe = new AtomicLong();
            ExecutorService clients = Executors.newFixedThreadPool(4);
            try {
                List<Future<?>> runawayClients = new ArrayList<>();
                for (int client = 0; client < 2; client++) {
                    int offset = client * 2;
                    runawayClients.add(clients.submit(() -> {
                        for (int round = 0; round < 1 || !ordinaryDone.get(); round++) {
                            for (int i = 0; i < RUNAWAYS.size(); i++) {
                                Runaway runaway = RUNAWAYS.get((i + offset) % RUNAWAYS.size());
                                HttpResponse<String> answer = send(http, get(base + "/api/v1/loads/"
                                        + loads.get(runaway.name()) + "/sql?dialect=postgresql", reader));
                                runaways.incrementAndGet();
                                int expected = runaway.answer().equals("'false'") ? 200 : 422;
                                if (answer.statusCode() != expected || !answer.body().contains(runaway.answer())
                                        || answer.body().contains("java.") || answer.body().contains("Exception")) {
                                    runawayErrors.add(runaway.name() + " answered " + answer.statusCode() + ": " + answer.body());
                                }
                                answers.merge(runaway.name() + " " + answer.statusCode(), 1, Integer::sum);
                            }
                        }
                        return null;
                    }));
                }
                Future<?> me = clients.submit(() -> {
                    for (int i = 0; i < ordinaryRequests / 2; i++) {
                        long started = System.nanoTime();
                        HttpResponse<String> answer = send(http, get(base + "/api/v1/me", reader));
                        slowestMe.accumulateAndGet((System.nanoTime() - started) / 1_000_000, Math::max);
                        ordinary.incrementAndGet();
                        if (answer.statusCode() != 200 || !answer.body().contains("stress_reader")) {
                            ordinaryErrors.add("/api/v1/me answered " + answer.statusCode() + ": " + answer.body());
                        }
                    }
                    return null;
                });
                Future<?> sql = clients.submit(() -> {
                    for (int i = 0; i < ordinaryRequests - ordinaryRequests / 2; i++) {
                        HttpResponse<String> answer = send(http, get(base + "/api/v1/loads/" + normal
                                + "/sql?dialect=postgresql", reader));
                        ordinary.incrementAndGet();
                        if (answer.statusCode() != 200 || !answer.body().contains("MERGE INTO publish.D_VESSEL_SCD2")) {
                            ordinaryErrors.add("the normal load's SQL answered " + answer.statusCode() + ": " + answer.body());
                        }
                    }
                    return null;
                });
                me.get();
                sql.get();
                ordinaryDone.set(true);
                for (Future<?> client : runawayClients) {
                    client.get();
                }
            } finally {
                clients.shutdownNow();
            }
            return new Outcome(ordinary.get(), runaways.get(), List.copyOf(ordinaryErrors), List.copyOf(runawayErrors),
                    Map.copyOf(answers), slowestMe.get());
        }
    }

    private static HttpRequest get(String url, String bearer) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(PATIENCE).header("Authorization", bearer).build();
    }

    private static HttpRequest post(String url, String bearer, Object body) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(PATIENCE).header("Authorization", bearer)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build();
    }

    private static HttpResponse<String> created(HttpResponse<String> answer) {
        if (answer.statusCode() != 201) {
            throw new IllegalStateException("setting up the stress answered " + answer.statusCode() + ": " + answer.body());
        }
        return answer;
    }

    private static HttpResponse<String> send(HttpClient http, HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
