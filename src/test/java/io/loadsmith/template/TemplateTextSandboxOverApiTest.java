package io.loadsmith.template;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;

import io.loadsmith.store.Api;
import io.loadsmith.store.H2StoreTest;
import io.loadsmith.store.VesselModel;

/**
 * Template texts that try to reach Java, hide engine messages in SQL or cannot be parsed within the
 * engine's limits: refused when saved through the API and when previewed as a draft on the template
 * page, each with a message that names no Java class, path or loader, and nothing is stored.
 */
class TemplateTextSandboxOverApiTest extends H2StoreTest {

    static List<String> refused() {
        return List.of(
                "${model[\"load\"][\"target\"][\"getClass\"]()[\"getProtectionDomain\"]()}",
                "${.locale_object[\"class\"]}",
                "${model.load.target[\"getClass\"]()[\"getDeclaredFields\"]()}",
                "${model.load.target['getPackage']()}",
                "[#ftl][#assign c = model.load.target[\"getClass\"]()]${c}",
                "<#attempt>${1 + []}<#recover>${.error}</#attempt>",
                "[#ftl][#attempt]${1 + []}[#recover]${.error}[/#attempt]",
                "${" + "(".repeat(100_000) + "1" + ")".repeat(100_000) + "}",
                "<#if true>".repeat(100) + "x" + "</#if>".repeat(100));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusedWhenSavedWithAMessageThatLeaksNothing(String text) {
        Api.Answer answer = api().send(HttpMethod.POST, "/api/v1/templates",
                obj("name", "probe_" + Integer.toHexString(text.hashCode()).replace('-', 'm'), "variants", Map.of("default", text)));
        assertThat(answer.status()).isEqualTo(400);
        assertNoLeak(answer.body());
        assertThat(api().get("/api/v1/templates?name=probe_" + Integer.toHexString(text.hashCode()).replace('-', 'm')))
                .isEmpty();
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusedWhenPreviewedAsADraft(String text) throws Exception {
        long load = VesselModel.ensure(api());
        String page = mvc.perform(post("/configuration/templates").header("HX-Request", "true").param("action", "preview")
                        // Named like the library template the load calls, so the preview renders the draft.
                        .param("load", String.valueOf(load)).param("dialect", "duckdb").param("name", "scd2")
                        .param("parameters[0].name", "temp_table_prefix").param("parameters[0].type", "STRING")
                        .param("variants[0].dialect", "default").param("variants[0].text", text))
                .andReturn().getResponse().getContentAsString(StandardCharsets.UTF_8);
        org.jsoup.nodes.Document shown = org.jsoup.Jsoup.parse(page);
        shown.select("textarea, input").remove(); // the user's own text, echoed for editing
        assertThat(shown.text()).doesNotContain("MERGE INTO").containsAnyOf("refused", "not available", "cannot be parsed",
                "nested", "too deeply", "Java");
        assertNoLeak(shown.text());
    }

    private static void assertNoLeak(String answer) {
        assertThat(answer).doesNotContain("java.", "freemarker.", "io.loadsmith", "ClassLoader", "ProtectionDomain",
                "jar:", "file:/", "Exception", "wrapper:", "f.t.", "f.e.b.");
    }
}
