package io.loadsmith.limits;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

import io.loadsmith.store.Api;
import io.loadsmith.store.H2StoreTest;
import tools.jackson.databind.JsonNode;

/**
 * The API's body limit where the body says its length (MockMvc sends Content-Length): at the limit
 * the request is served, one byte more is 413 before any parsing, and the package import keeps its
 * own, larger limit. Chunked bodies over a real connection: {@link BodyLimitOverHttpTest}.
 */
class ApiBodyLimitTest extends H2StoreTest {

    /** A package request of exactly {@code bytes} bytes: the JSON padded with spaces. */
    static byte[] packageRequest(String name, int bytes) {
        String json = "{\"name\": \"" + name + "\"}";
        return (json.substring(0, json.length() - 1) + " ".repeat(bytes - json.length()) + "}")
                .getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void bodyOfExactlyTheLimitIsServed() {
        byte[] body = packageRequest("lim_body_at", Limits.API_BODY_BYTES);
        assertThat(body).hasSize(Limits.API_BODY_BYTES);
        Api.Raw answer = api().raw(HttpMethod.POST, "/api/v1/packages", body);
        assertThat(answer.status()).as(answer.text()).isEqualTo(201);
        api().send(HttpMethod.DELETE, "/api/v1/packages/" + Api.JSON.readTree(answer.body()).get("id").asLong(), null);
    }

    @Test
    void oneByteMoreIs413SayingTheLimitAndStoresNothing() {
        JsonNode before = api().get("/api/v1/packages");
        Api.Raw answer = api().raw(HttpMethod.POST, "/api/v1/packages",
                packageRequest("lim_body_over", Limits.API_BODY_BYTES + 1));
        assertThat(answer.status()).as(answer.text()).isEqualTo(413);
        assertThat(answer.contentType()).startsWith("application/problem+json");
        JsonNode problem = Api.JSON.readTree(answer.body());
        assertThat(problem.get("title").asString()).isEqualTo("Request too large");
        assertThat(problem.get("detail").asString()).contains("request body", "4 MB");
        assertThat(problem.get("maxBytes").asLong()).isEqualTo(Limits.API_BODY_BYTES);
        assertThat(problem.get("instance").asString()).isEqualTo("/api/v1/packages");
        assertThat(api().get("/api/v1/packages")).isEqualTo(before);
    }

    /** The limit holds for PUT too, and for a body that is not even JSON: it is never read. */
    @Test
    void anyApiBodyOverTheLimitIs413() {
        Api.Raw answer = api().raw(HttpMethod.PUT, "/api/v1/entities/1", new byte[Limits.API_BODY_BYTES + 1]);
        assertThat(answer.status()).isEqualTo(413);
    }

    /** A package import of 5 MB is not the general limit's business: PackageJson.MAX_BYTES applies. */
    @Test
    void packageImportKeepsItsOwnLimit() {
        String json = "{\"name\": \"lim_big_import\"}";
        byte[] body = (json.substring(0, json.length() - 1) + " ".repeat(5 * 1024 * 1024) + "}")
                .getBytes(StandardCharsets.UTF_8);
        Api.Raw answer = api().raw(HttpMethod.POST, "/api/v1/packages/import", body);
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        long id = Api.JSON.readTree(answer.body()).get("packageId").asLong();
        api().send(HttpMethod.DELETE, "/api/v1/packages/" + id, null);
    }
}
