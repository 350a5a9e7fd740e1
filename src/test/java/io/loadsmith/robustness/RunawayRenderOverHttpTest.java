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
 * A runaway template keeps one render thread of the running application busy; meanwhile the
 * sign-in page and another load's SQL are served, and the runaway request is answered with a
 * message (no Java names) once its processor-time or memory budget is spent. What would run inside
 * one element (a backtracking regular expression, a huge range given to a built-in) is refused when
 * it is saved. No timing is asserted: the budget is processor time, whose length on the clock
 * depends on how busy the machine is.
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
                "<#assign s = \"xx\"><#list 1..64 as i><#assign s = s + s></#list>${s?length}",
                "<#macro r n><@r n + 1/></#macro><@r 1/>");
    }

    static List<String> refusedOnSave() {
        return List.of(
                "${(\"x\"?right_pad(1000, \"x\"))?replace(\"(x+x+)+y\", \"z\", \"r\")?length}",
                "${(1..300000000)?join(\",\")?length}");
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

        CompletableFuture<HttpResponse<String>> runaway = CLIENT.sendAsync(get("/api/v1/loads/" + load + "/sql?dialect=postgresql"),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> signIn = CLIENT.send(HttpRequest.newBuilder(uri("/login")).build(),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> other = CLIENT.send(get("/api/v1/loads/" + vesselLoad + "/sql?dialect=postgresql"),
                HttpResponse.BodyHandlers.ofString());
        assertThat(signIn.statusCode()).isEqualTo(200);
        assertThat(other.statusCode()).isEqualTo(200);
        assertThat(other.body()).contains("MERGE INTO publish.D_VESSEL_SCD2");

        // A bound on waiting, so that a render that is never stopped fails the test instead of hanging it.
        HttpResponse<String> answer = runaway.get(5, TimeUnit.MINUTES);
        assertThat(answer.statusCode()).isEqualTo(422);
        assertThat(answer.body()).contains("rendering was stopped").doesNotContain("java.", "freemarker.", "Exception", "Error");
        assertThat(CLIENT.send(get("/api/v1/loads/" + vesselLoad + "/sql?dialect=postgresql"),
                HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
    }

    @ParameterizedTest
    @MethodSource("refusedOnSave")
    void whatWouldRunInsideOneElementIsRefusedWhenSaved(String text) throws Exception {
        Api.Answer refusal = new Api(mvc).send(org.springframework.http.HttpMethod.POST, "/api/v1/templates",
                obj("name", "refused_" + Integer.toHexString(text.hashCode()).replace('-', 'm'), "variants", Map.of("default", text)));
        assertThat(refusal.status()).isEqualTo(400);
        String body = refusal.body();
        assertThat(body).containsAnyOf("fn.regex_replace", "may only be listed by <#list>")
                .doesNotContain("java.", "freemarker.", "Exception");
    }

    private HttpRequest get(String path) {
        return HttpRequest.newBuilder(uri(path)).header("Authorization", bearer).header("Accept", "*/*").build();
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }
}
