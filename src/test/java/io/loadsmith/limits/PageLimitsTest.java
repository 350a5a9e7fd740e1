package io.loadsmith.limits;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.store.H2StoreTest;
import tools.jackson.databind.JsonNode;

/**
 * The designer's forms build the API's request records and check them the same way: a value over
 * its limit is shown at its field with the limit, and nothing is stored.
 */
class PageLimitsTest extends H2StoreTest {

    private Document post(MockHttpServletRequestBuilder form) throws Exception {
        MvcResult result = mvc.perform(form).andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(200);
        return Jsoup.parse(result.getResponse().getContentAsString(StandardCharsets.UTF_8));
    }

    /** The input is marked invalid and the message beside it says the limit. */
    private static void messageAtField(Document page, String inputId, int limit) {
        Element input = page.getElementById(inputId);
        assertThat(input).as("input #%s", inputId).isNotNull();
        assertThat(input.attr("aria-invalid")).isEqualTo("true");
        Element message = input.nextElementSibling();
        assertThat(message).isNotNull();
        assertThat(message.hasClass("field-error")).isTrue();
        assertThat(message.text()).contains("must have at most " + limit + " characters");
    }

    @Test
    void overLongNameInTheNewEntityFormIsShownAtTheField() throws Exception {
        JsonNode before = api().get("/api/v1/entities");
        Document page = post(MockMvcRequestBuilders.post("/entities").param("logicalName", "E".repeat(Limits.NAME + 1))
                .param("schema", "lim").param("action", "save"));
        messageAtField(page, "logicalName", Limits.NAME);
        assertThat(page.text()).doesNotContain("Exception");
        assertThat(api().get("/api/v1/entities")).isEqualTo(before);
    }

    @Test
    void overLongDescriptionInTheEntityEditorIsShownAtTheField() throws Exception {
        JsonNode entity = api().create("/api/v1/entities", obj("logicalName", "LIM_PAGE", "name", "LIM_PAGE",
                "schema", "lim", "attributes", List.of(obj("name", "id", "datatype", "CHAR", "dataLength", 10))));
        long id = entity.get("id").asLong();
        JsonNode before = api().get("/api/v1/entities/" + id);
        Document page = post(MockMvcRequestBuilders.post("/entities/" + id)
                .param("version", entity.get("version").asString())
                .param("logicalName", "LIM_PAGE").param("name", "LIM_PAGE").param("schema", "lim")
                .param("description", "d".repeat(Limits.DESCRIPTION + 1))
                .param("attributes[0].name", "id").param("attributes[0].datatype", "CHAR")
                .param("attributes[0].dataLength", "10").param("action", "save"));
        messageAtField(page, "description", Limits.DESCRIPTION);
        assertThat(api().get("/api/v1/entities/" + id)).isEqualTo(before);
        api().send(HttpMethod.DELETE, "/api/v1/entities/" + id, null);
    }

    /** The commit form used to call the service without the API's checks. */
    @Test
    void overLongCommitMessageIsShownAtTheField() throws Exception {
        long pkg = api().create("/api/v1/packages", obj("name", "lim_page_pkg")).get("id").asLong();
        JsonNode before = api().get("/api/v1/packages/" + pkg + "/versions");
        Document page = post(MockMvcRequestBuilders.post("/packages/lim_page_pkg/commit")
                .param("message", "m".repeat(Limits.DESCRIPTION + 1)).param("author", "pat"));
        messageAtField(page, "message", Limits.DESCRIPTION);
        assertThat(api().get("/api/v1/packages/" + pkg + "/versions")).isEqualTo(before);
        api().send(HttpMethod.DELETE, "/api/v1/packages/" + pkg, null);
    }
}
