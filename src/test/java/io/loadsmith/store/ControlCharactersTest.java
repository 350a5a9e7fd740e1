package io.loadsmith.store;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpMethod;
import org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import tools.jackson.databind.JsonNode;

/**
 * No stored text holds a control character other than tab, line feed and carriage return, whatever
 * the feature and however deep the field (H2 stores U+0000, PostgreSQL refuses it). Each refusal
 * names the field, as the feature's own checks do, and changes nothing; on H2 here, where nothing
 * else would have stopped it.
 */
class ControlCharactersTest extends H2DemoStoreTest {

    private static final String REFUSED = ", a control character; only tab, line feed and carriage return are allowed in a text, remove it";

    private static String bad(char c) {
        return "before" + c + "after";
    }

    private static void assertRefusedAt(Api.Answer answer, String field, char c) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        JsonNode error = answer.json().get("errors").get(0);
        assertThat(error.get("field").asString()).isEqualTo(field);
        assertThat(error.get("message").asString()).startsWith("contains U+" + String.format("%04X", (int) c))
                .endsWith(" at position 7" + REFUSED);
        assertThat(answer.body()).doesNotContain("io.loadsmith", "Exception", "hibernate");
    }

    @ParameterizedTest
    @ValueSource(chars = {'\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u009f'})
    void refusedInTopLevelFieldsOfEveryKind(char c) {
        assertRefusedAt(api().send(HttpMethod.POST, "/api/v1/environments", obj("name", "cc_env", "description", bad(c))),
                "description", c);
        assertThat(api().get("/api/v1/environments?name=cc_env")).isEmpty();
        assertRefusedAt(api().send(HttpMethod.POST, "/api/v1/attribute-types", obj("name", "CC_TYPE", "description", bad(c))),
                "description", c);
        assertRefusedAt(api().send(HttpMethod.POST, "/api/v1/entity-types", obj("name", "CC_ENTITY_TYPE", "description", bad(c))),
                "description", c);
        assertThat(api().get("/api/v1/entity-types?name=CC_ENTITY_TYPE")).isEmpty();
    }

    /** In a row of an entity's attributes, a step of a load, an option's value: named down to the row. */
    @ParameterizedTest
    @ValueSource(chars = {'\u0000', '\u001b'})
    void refusedInRowsAndNamedByTheirPlace(char c) {
        JsonNode entity = api().get("/api/v1/entities/" + api().get("/api/v1/entities?name=" + VesselModel.ENTITY).get(0)
                .get("id").asLong());
        Map<String, Object> changed = Api.toMap(entity);
        List<Map<String, Object>> attributes = new ArrayList<>();
        entity.get("attributes").forEach(a -> attributes.add(Api.toMap(a)));
        attributes.get(2).put("description", bad(c));
        changed.put("attributes", attributes);
        String path = "/api/v1/entities/" + entity.get("id").asLong();
        assertRefusedAt(api().send(HttpMethod.PUT, path, changed), "attributes[2].description", c);
        assertThat(api().get(path)).isEqualTo(entity);

        JsonNode load = api().get("/api/v1/loads/" + api().get("/api/v1/loads?name=" + VesselModel.LOAD).get(0)
                .get("id").asLong());
        Map<String, Object> edited = Api.toMap(load);
        List<Map<String, Object>> steps = new ArrayList<>();
        load.get("steps").forEach(s -> steps.add(Api.toMap(s)));
        steps.get(1).put("text", "SELECT 1 -- " + bad(c));
        edited.put("steps", steps);
        String loadPath = "/api/v1/loads/" + load.get("id").asLong();
        Api.Answer refused = api().send(HttpMethod.PUT, loadPath, edited);
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().get("errors").get(0).get("field").asString()).isEqualTo("steps[1].text");
        assertThat(api().get(loadPath)).isEqualTo(load);
    }

    @Test
    void tabLineFeedAndCarriageReturnAreText() {
        Api.Answer created = api().send(HttpMethod.POST, "/api/v1/environments", obj("name", "cc_env_ok",
                "description", "line one\r\nline\ttwo\n"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().get("description").asString()).isEqualTo("line one\r\nline\ttwo\n");
        assertThat(api().send(HttpMethod.DELETE, "/api/v1/environments/" + created.json().get("id").asLong(), null)
                .status()).isEqualTo(204);
    }

    /** The designer says it in the form, as a message beside what was typed, not as an error page. */
    @Test
    void theDesignerShowsTheRefusalInTheForm() throws Exception {
        long id = api().get("/api/v1/entities?name=" + VesselModel.ENTITY).get(0).get("id").asLong();
        JsonNode entity = api().get("/api/v1/entities/" + id);
        var request = MockMvcRequestBuilders.post("/entities/" + id).with(SecurityMockMvcRequestPostProcessors.csrf())
                .param("action", "save").param("version", entity.get("version").asString())
                .param("logicalName", entity.get("logicalName").asString()).param("name", entity.get("name").asString())
                .param("schema", entity.get("schema").asString()).param("entityType", entity.get("entityType").asString())
                .param("physicalType", entity.get("physicalType").asString()).param("description", bad('\u0000'));
        for (int i = 0; i < entity.get("attributes").size(); i++) {
            String row = "attributes[" + i + "].";
            entity.get("attributes").get(i).properties().forEach(field -> {
                if (field.getValue().isValueNode() && !field.getValue().isNull()) {
                    request.param(row + field.getKey(), field.getValue().asString());
                }
            });
        }
        var response = api().mvc().perform(request).andReturn().getResponse();
        String html = response.getContentAsString(StandardCharsets.UTF_8);
        assertThat(response.getStatus()).isEqualTo(200);
        assertThat(html).contains("Nothing was saved", "U+0000 NULL at position 7" + REFUSED.replace("'", "&#39;"));
        assertThat(api().get("/api/v1/entities/" + id)).isEqualTo(entity);
    }
}
