package io.loadsmith.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.loadsmith.LoadsmithApplication;
import io.loadsmith.security.TestAccounts;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Random names, datatypes, template texts and dialects thrown at the running application over
 * HTTP: every answer is a success or a 4xx problem detail, never a 500 and never a Java trace.
 */
class ApiPropertiesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static ConfigurableApplicationContext app;
    private static String bearer;

    private static synchronized String base() {
        if (app == null) {
            app = new SpringApplicationBuilder(LoadsmithApplication.class).run(
                    "--server.port=0", "--spring.datasource.url=jdbc:h2:mem:properties;DB_CLOSE_DELAY=-1",
                    "--logging.level.root=WARN");
            bearer = TestAccounts.adminBearer(app);
        }
        return "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
    }

    @AfterContainer
    static void stop() {
        if (app != null) {
            app.close();
            app = null;
        }
    }

    @Provide
    Arbitrary<String> names() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(40),
                Arbitraries.strings().withChars("abcXYZ_09 .-;'\"<>$#{}\\\u00e9\u4e2d").ofMaxLength(200),
                Arbitraries.of("select", "ORDER", "", " ", "a".repeat(300), "valid_name", "D_VESSEL_SCD2", "null"));
    }

    @Provide
    Arbitrary<Map<String, Object>> entities() {
        Arbitrary<Map<String, Object>> attribute = Combinators.combine(names(),
                Arbitraries.of("VARCHAR", "CHAR", "INTEGER8", "DECIMAL", "TIMESTAMP", "NOPE", "", "varchar"),
                Arbitraries.integers().between(-5, 100000).injectNull(0.3))
                .as((name, type, length) -> {
                    Map<String, Object> a = new java.util.HashMap<>();
                    a.put("name", name);
                    a.put("datatype", type);
                    a.put("dataLength", length);
                    return a;
                });
        return Combinators.combine(names(), names(), Arbitraries.of("DIM_SCD2", "NO_TYPE", "").injectNull(0.5),
                attribute.list().ofMaxSize(4))
                .as((logical, schema, type, attributes) -> {
                    Map<String, Object> e = new java.util.HashMap<>();
                    e.put("logicalName", logical);
                    e.put("schema", schema);
                    e.put("entityType", type);
                    e.put("attributes", attributes);
                    return e;
                });
    }

    @Provide
    Arbitrary<String> templateTexts() {
        return Arbitraries.of("${", "}", "<#if x>", "</#if>", "?new()", "?api", "${model.load.target.name}", "SELECT ",
                "<#list 1..3 as i>${i}</#list>", "\"", "<@sql.generateEntityAttributeList/>", "${a.b.c}", "\n")
                .list().ofMaxSize(8).map(p -> String.join("", p));
    }

    @Property(tries = 150)
    void entitiesAreCreatedOrRefusedWithAProblem(@ForAll("entities") Map<String, Object> entity) throws Exception {
        expectNoServerError(send("POST", "/api/v1/entities", JSON.writeValueAsString(entity)));
    }

    @Property(tries = 100)
    void templatesAreSavedOrRefusedWithAProblem(@ForAll("names") String name, @ForAll("templateTexts") String text)
            throws Exception {
        String body = JSON.writeValueAsString(Map.of("name", name, "variants", Map.of("default", text),
                "parameters", List.of(Map.of("name", name, "type", "STRING"))));
        expectNoServerError(send("POST", "/api/v1/templates", body));
    }

    @Property(tries = 100)
    void generationForAnyDialectAnswersOrExplains(@ForAll("names") String dialect) throws Exception {
        expectNoServerError(send("GET", "/api/v1/loads/1/sql?dialect=" + URLEncoder.encode(dialect, StandardCharsets.UTF_8), null));
        expectNoServerError(send("GET", "/api/v1/entities?name=" + URLEncoder.encode(dialect, StandardCharsets.UTF_8), null));
    }

    private static HttpResponse<String> send(String method, String path, String json) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base() + path)).header("Authorization", bearer);
        request = json == null ? request.GET() : request.method(method, HttpRequest.BodyPublishers.ofString(json))
                .header("Content-Type", "application/json");
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void expectNoServerError(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.uri() + " answered " + response.body()).isLessThan(500);
        assertThat(response.body()).doesNotContain("\tat ", "Exception", "org.hibernate", "java.lang");
        // Signed in as an ADMIN: a 401 or 403 here would mean the properties tested nothing.
        assertThat(response.statusCode()).as(response.uri() + " answered " + response.body()).isNotIn(401, 403);
        if (response.statusCode() >= 400) {
            assertThat(response.body()).contains("\"detail\"");
        }
    }
}
