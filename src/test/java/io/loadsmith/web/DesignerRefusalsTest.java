package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.store.H2DemoStoreTest;

/**
 * Every designer URL asked with bad parameters (unknown ids and names, a version or dialect that does
 * not exist, text where a number belongs, a missing parameter) answers with an HTML page that says
 * what is wrong, never the API's JSON and never a stack trace. Full stack over the demo store.
 */
class DesignerRefusalsTest extends H2DemoStoreTest {

    static final List<String> BAD = List.of(
            "/loads/999999", "/loads/abc", "/loads/new?target=nope.NOPE", "/loads/999999/preview?dialect=snowflake",
            "/loads/999999/delete", "/loads/999999/try",
            "/entities/999999", "/entities/abc", "/entities/new?package=no-such-package", "/entities/999999/ddl?dialect=nope",
            "/entities/999999/lineage",
            "/packages/no-such-package", "/packages/demo/export?version=999999&dialect=snowflake",
            "/packages/demo/export?version=working&dialect=nope", "/packages/demo/export?version=working",
            "/packages/demo/export?version=working&dialect=snowflake&environment=nope",
            "/packages/demo/diff?from=999999&to=working", "/packages/demo/diff?from=working", "/packages/demo/diff?from=x&to=y",
            "/packages/demo/versions/abc/restore", "/packages/demo/versions/999999/restore", "/packages/no-such-package/deployments",
            "/configuration/templates/999999", "/configuration/templates/new?from=nope",
            "/configuration/templates/999999/preview", "/configuration/templates/abc",
            "/presets/999999", "/presets/abc", "/presets/new?fromLoad=999999", "/presets/new?fromLoad=abc",
            "/presets/999999/delete",
            "/lineage?package=no-such-package", "/audit?days=abc", "/audit/999999", "/search?q=" + "x".repeat(5000));

    @Test
    void everyBadRequestOfADesignerPageIsAnHtmlPage() throws Exception {
        org.assertj.core.api.SoftAssertions soft = new org.assertj.core.api.SoftAssertions();
        for (String url : BAD) {
            MvcResult result = mvc.perform(MockMvcRequestBuilders.get(url).accept("text/html")).andReturn();
            String body = result.getResponse().getContentAsString(StandardCharsets.UTF_8);
            int status = result.getResponse().getStatus();
            if (status >= 300 && status < 400) {
                soft.assertThat(result.getResponse().getRedirectedUrl()).as(url).doesNotStartWith("/api/");
                continue;
            }
            soft.assertThat(result.getResponse().getContentType()).as(url + " " + status + " " + body).startsWith("text/html");
            soft.assertThat(body).as(url).contains("<html").doesNotContain("Exception", "\tat ");
            soft.assertThat(body.strip()).as(url).doesNotStartWith("{");
            // The page's header still knows who is signed in (an error page once showed no menu or Sign out).
            soft.assertThat(body).as(url).contains("Sign out");
        }
        soft.assertAll();
    }

    @Test
    void theNewPackageFormCreatesAPackageOrSaysWhyNot() throws Exception {
        String name = "pkg_" + System.nanoTime();
        MvcResult created = mvc.perform(MockMvcRequestBuilders.post("/packages").param("name", name)).andReturn();
        assertThat(created.getResponse().getRedirectedUrl()).isEqualTo("/packages/" + name);
        String again = mvc.perform(MockMvcRequestBuilders.post("/packages").param("name", name)).andReturn()
                .getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(again).contains("id=\"new-package-form\"", "error-summary");
        String blank = mvc.perform(MockMvcRequestBuilders.post("/packages").param("name", " ")).andReturn()
                .getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(blank).contains("field-error");
        String entityForm = mvc.perform(MockMvcRequestBuilders.get("/entities/new").param("package", name)).andReturn()
                .getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(entityForm).contains("<option value=\"" + name + "\" selected=\"selected\">");
    }
}
