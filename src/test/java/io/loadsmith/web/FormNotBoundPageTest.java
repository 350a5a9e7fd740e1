package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.store.H2DemoStoreTest;

/**
 * The new load form's controller reads no binding result, so a form that does not bind reaches it as an
 * exception: an HTML page naming the field (400), not the 500 page, and the load is not created.
 */
class FormNotBoundPageTest extends H2DemoStoreTest {

    @Test
    void aForgedRowIndexOrACheckboxSentAsMaybeIsAPageNamingTheField() throws Exception {
        String name = "forged_" + System.nanoTime();
        assertRefused(name, "steps[100000000].name", "x", "steps");
        assertRefused(name, "mapping.edited", "maybe", "mapping.edited");
        String loads = mvc.perform(MockMvcRequestBuilders.get("/loads").param("q", name).accept("text/html")).andReturn()
                .getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(loads).doesNotContain(name);
    }

    private void assertRefused(String name, String field, String value, String named) throws Exception {
        MvcResult result = mvc.perform(MockMvcRequestBuilders.post("/loads").param("name", name)
                .param("target", "demo.HUB_CUSTOMER").param(field, value).accept("text/html")).andReturn();
        String body = result.getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(result.getResponse().getStatus()).as(body).isEqualTo(400);
        assertThat(body).contains("<html", "The form&#39;s field &#39;" + named + "&#39; has a value that does not fit")
                .doesNotContain("Exception", "\tat ");
    }
}
