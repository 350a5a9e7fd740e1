package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.security.test.context.TestSecurityContextHolder;
import org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.RequestPostProcessor;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small JSON client over MockMvc, so scenarios read like the calls a user's tooling makes. */
public final class Api {

    public static final JsonMapper JSON = JsonMapper.builder().build();

    /** An HTTP answer: status, body text, and the body as JSON where it is JSON. */
    public record Answer(int status, String body) {
        public JsonNode json() {
            return JSON.readTree(body);
        }
    }

    private final MockMvc mvc;

    public Api(MockMvc mvc) {
        this.mvc = mvc;
    }

    public MockMvc mvc() {
        return mvc;
    }

    /**
     * Tests run signed in ({@code @WithMockUser} on the base classes); set-up in {@code @BeforeAll}
     * runs outside any test method, so there the API is called as the ADMIN.
     */
    static RequestPostProcessor signedIn() {
        return request -> TestSecurityContextHolder.getContext().getAuthentication() != null ? request
                : SecurityMockMvcRequestPostProcessors.user("admin").roles("ADMIN").postProcessRequest(request);
    }

    public Answer send(HttpMethod method, String path, Object body) {
        try {
            var request = MockMvcRequestBuilders.request(method, path).with(signedIn()).accept(MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN,
                    MediaType.APPLICATION_PROBLEM_JSON);
            if (body != null) {
                request.contentType(MediaType.APPLICATION_JSON).content(JSON.writeValueAsString(body));
            }
            MvcResult result = mvc.perform(request).andReturn();
            return new Answer(result.getResponse().getStatus(),
                    result.getResponse().getContentAsString(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalStateException(method + " " + path + " failed", e);
        }
    }

    /** An answer as bytes, for zips and canonical JSON that must be compared byte for byte. */
    public record Raw(int status, byte[] body, String contentType) {
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    public Raw raw(HttpMethod method, String path, byte[] body) {
        try {
            var request = MockMvcRequestBuilders.request(method, path).with(signedIn());
            if (body != null) {
                request.contentType(MediaType.APPLICATION_JSON).content(body);
            }
            MvcResult result = mvc.perform(request).andReturn();
            return new Raw(result.getResponse().getStatus(), result.getResponse().getContentAsByteArray(),
                    result.getResponse().getContentType());
        } catch (Exception e) {
            throw new IllegalStateException(method + " " + path + " failed", e);
        }
    }

    /** POST that must create: 201, the created resource. */
    public JsonNode create(String path, Object body) {
        Answer answer = send(HttpMethod.POST, path, body);
        assertThat(answer.status()).as("POST %s answered %s", path, answer.body()).isEqualTo(201);
        return answer.json();
    }

    public JsonNode get(String path) {
        Answer answer = send(HttpMethod.GET, path, null);
        assertThat(answer.status()).as("GET %s answered %s", path, answer.body()).isEqualTo(200);
        return answer.json();
    }

    /** What a paged list's {@code X-Total-Count} header says: how many there are on all its pages. */
    public long total(String path) {
        try {
            MvcResult result = mvc.perform(MockMvcRequestBuilders.get(path).with(signedIn())
                    .accept(MediaType.APPLICATION_JSON)).andReturn();
            assertThat(result.getResponse().getStatus()).as("GET %s", path).isEqualTo(200);
            return Long.parseLong(result.getResponse().getHeader("X-Total-Count"));
        } catch (Exception e) {
            throw new IllegalStateException("GET " + path + " failed", e);
        }
    }

    public String text(String path) {
        Answer answer = send(HttpMethod.GET, path, null);
        assertThat(answer.status()).as("GET %s answered %s", path, answer.body()).isEqualTo(200);
        return answer.body();
    }

    /** A JSON object from key/value pairs; unlike Map.of it keeps order and allows nulls. */
    public static Map<String, Object> obj(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /** A JSON node as a mutable map, to change a field and send it back. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> toMap(JsonNode node) {
        return JSON.convertValue(node, LinkedHashMap.class);
    }
}
