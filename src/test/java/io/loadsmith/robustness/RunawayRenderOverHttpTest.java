package io.loadsmith.robustness;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.security.TestAccounts;
import io.loadsmith.store.Api;
import io.loadsmith.store.VesselModel;

/**
 * A runaway template keeps one request thread of the running application busy; meanwhile the
 * sign-in page and another load's SQL are served, and the runaway request is answered with a
 * message (no Java names) within the render limit plus one second, its thread free again.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureMockMvc
@org.springframework.context.annotation.Import(io.loadsmith.store.SignedInMockMvc.class)
@WithMockUser(username = "admin", roles = "ADMIN")
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:runaway_http;DB_CLOSE_DELAY=-1",
        "spring.flyway.locations=classpath:db/migration",
        "loadsmith.render.time-limit=2s"})
class RunawayRenderOverHttpTest {

    private static final long LIMIT_MILLIS = 2_000;
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Autowired
    MockMvc mvc;
    @Autowired
    ApplicationContext context;
    @LocalServerPort
    int port;

    private String bearer;
    private long vesselLoad;

    static List<String> runaways() {
        return List.of(
                "<#list 1..30000 as i><#list 1..100000 as j></#list></#list>",
                "${(\"x\"?right_pad(100000, \"x\"))?replace(\"(x+x+)+y\", \"z\", \"r\")?length}",
                "<#assign s = \"xx\"><#list 1..64 as i><#assign s = s + s></#list>${s?length}",
                "${(1..300000000)?join(\",\")?length}",
                "<#macro r n><@r n + 1/></#macro><@r 1/>");
    }

    @BeforeEach
    void model() {
        vesselLoad = VesselModel.ensure(new Api(mvc));
        if (bearer == null) {
            bearer = TestAccounts.adminBearer(context);
        }
        // Warm: the first answers of a new server are slow for reasons that are not the subject here.
        CLIENT.sendAsync(get("/api/v1/loads/" + vesselLoad + "/sql?dialect=postgresql"), HttpResponse.BodyHandlers.ofString()).join();
        CLIENT.sendAsync(HttpRequest.newBuilder(uri("/login")).build(), HttpResponse.BodyHandlers.ofString()).join();
    }

    @ParameterizedTest
    @MethodSource("runaways")
    void othersAreServedAndTheRunawayIsAnsweredWithinItsLimit(String text) throws Exception {
        Api api = new Api(mvc);
        String name = "runaway_" + Integer.toHexString(text.hashCode()).replace('-', 'm');
        api.create("/api/v1/templates", obj("name", name, "variants", Map.of("default", text)));
        long load = api.create("/api/v1/loads", obj("name", "load_" + name, "target", VesselModel.ENTITY,
                "steps", List.of(VesselModel.step("run", "<ftltemplate:" + name + ">")))).get("id").asLong();

        long started = System.nanoTime();
        CompletableFuture<HttpResponse<String>> runaway = CLIENT.sendAsync(get("/api/v1/loads/" + load + "/sql?dialect=postgresql"),
                HttpResponse.BodyHandlers.ofString());
        Thread.sleep(300);
        HttpResponse<String> signIn = CLIENT.send(HttpRequest.newBuilder(uri("/login")).build(),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> other = CLIENT.send(get("/api/v1/loads/" + vesselLoad + "/sql?dialect=postgresql"),
                HttpResponse.BodyHandlers.ofString());
        if (text.contains("?replace")) {
            // Backtracking allocates next to nothing, so only the deadline ends it: it surely still runs here.
            // (Loops and growth may end sooner, at the allocation budget; recursion at its stack.)
            assertThat(runaway).as("the others were answered while the runaway still ran").isNotDone();
        }
        assertThat(signIn.statusCode()).isEqualTo(200);
        assertThat(other.statusCode()).isEqualTo(200);
        assertThat(other.body()).contains("MERGE INTO publish.D_VESSEL_SCD2");

        HttpResponse<String> answer = runaway.get(LIMIT_MILLIS + 10_000, TimeUnit.MILLISECONDS);
        long tookMillis = (System.nanoTime() - started) / 1_000_000;
        assertThat(answer.statusCode()).isBetween(400, 499);
        assertThat(answer.body()).contains("rendering was stopped").doesNotContain("java.", "freemarker.", "Exception", "Error");
        assertThat(tookMillis).as("answered within the limit plus one second").isLessThan(LIMIT_MILLIS + 1_000 + 300);
        assertThat(CLIENT.send(get("/api/v1/loads/" + vesselLoad + "/sql?dialect=postgresql"),
                HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
    }

    private HttpRequest get(String path) {
        return HttpRequest.newBuilder(uri(path)).header("Authorization", bearer).header("Accept", "*/*").build();
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }
}
