package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import java.util.ArrayList;
import java.util.List;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.servlet.MvcResult;

import io.loadsmith.store.H2DemoStoreTest;

/**
 * Fails the build when any page has a form field without a label (label[for], a wrapping label, or
 * aria-label / aria-labelledby) or an image without alt text. Renders every page and fragment of the
 * designer against the demo data.
 */
class PageAccessibilityTest extends H2DemoStoreTest {

    @Test
    void everyFieldHasALabelAndEveryImageAnAlt() throws Exception {
        long entity = api().get("/api/v1/entities").get(0).get("id").asLong();
        long load = api().get("/api/v1/loads").get(0).get("id").asLong();
        List<String> pages = new ArrayList<>(List.of("/", "/search", "/search?q=vessel", "/entities", "/entities/new",
                "/entities/" + entity, "/entities/" + entity + "/delete", "/loads", "/loads/new", "/loads/" + load,
                "/loads/" + load + "/delete", "/configuration", "/configuration/templates", "/configuration/templates/new",
                "/configuration/templates/new?from=scd2", "/configuration/templates/library/scd2", "/environments", "/entities/999999", "/packages/demo", "/packages/import", "/packages/new",
                "/packages/demo/diff?from=working&to=working&dialect=snowflake", "/packages/demo/versions/1/restore",
                "/login", "/login?error", "/account", "/admin/users", "/admin/tokens"));
        pages.add("/configuration/entity-types/" + api().get("/api/v1/entity-types").get(0).get("id").asLong());
        pages.add("/configuration/default-attributes/" + api().get("/api/v1/default-attributes").get(0).get("id").asLong());
        var formulas = api().get("/api/v1/transformation-types");
        if (!formulas.isEmpty()) {
            pages.add("/configuration/transformation-types/" + formulas.get(0).get("id").asLong());
        }
        var stored = api().get("/api/v1/templates");
        if (!stored.isEmpty()) {
            pages.add("/configuration/templates/" + stored.get(0).get("id").asLong());
        }
        pages.addAll(List.of("/audit", "/audit/" + auditedChange()));
        pages.addAll(List.of("/presets", "/presets/new", "/presets/new?fromLoad=" + load));
        pages.addAll(List.of("/loads/" + load + "/try", "/lineage", "/lineage?package=demo", "/entities/" + entity + "/lineage"));
        List<String> fragments = List.of("/entities?name=VESSEL", "/search?q=mmsi", "/entities/" + entity + "/ddl?dialect=duckdb",
                "/loads/" + load + "/preview?dialect=postgresql", "/audit?objectKind=PACKAGE");

        List<String> problems = new ArrayList<>();
        for (String page : pages) {
            check(page, render(page, false), problems);
        }
        for (String fragment : fragments) {
            check(fragment + " (htmx)", render(fragment, true), problems);
        }
        assertThat(problems).as("form fields without a label, images without alt").isEmpty();
        assertThat(checked).as("fields checked on all pages").isGreaterThan(100);
    }

    /** The checker itself: it must see an unlabelled field and an image without alt. */
    @Test
    void checkerFindsWhatIsMissing() {
        List<String> problems = new ArrayList<>();
        check("sample", "<form><label for='a'>A</label><input id='a'><label>B <input name='b'></label>"
                + "<input name='c' aria-label='C'><input name='d'><textarea id='e'></textarea>"
                + "<input type='hidden' name='f'></form><img src='x.png'><img src='y.png' alt=''>", problems);
        assertThat(problems).containsExactly("sample: input name=d id=", "sample: textarea name= id=e",
                "sample: img src=x.png has no alt");
    }

    /** An event to show: saving the demo package as it is records one, and changes nothing else. */
    private long auditedChange() {
        var pkg = api().get("/api/v1/packages?name=demo").get(0);
        var saved = api().send(org.springframework.http.HttpMethod.PUT, "/api/v1/packages/" + pkg.get("id").asLong(),
                io.loadsmith.store.Api.toMap(pkg));
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        return api().get("/api/v1/audit?objectKind=PACKAGE&objectName=demo&size=1").get(0).get("id").asLong();
    }

    private String render(String url, boolean htmx) throws Exception {
        var request = get(url).accept("text/html");
        if (htmx) {
            request.header("HX-Request", "true");
        }
        MvcResult result = mvc.perform(request).andReturn();
        assertThat(result.getResponse().getContentType()).as(url).startsWith("text/html");
        return result.getResponse().getContentAsString();
    }

    private int checked;

    private void check(String page, String html, List<String> problems) {
        Document doc = Jsoup.parse(html);
        for (Element field : doc.select("input, select, textarea")) {
            String type = field.attr("type").toLowerCase();
            if (List.of("hidden", "submit", "button", "reset", "image").contains(type)) {
                continue;
            }
            checked++;
            if (!labelled(doc, field)) {
                problems.add(page + ": " + field.tagName() + " name=" + field.attr("name") + " id=" + field.id());
            }
        }
        for (Element img : doc.select("img")) {
            if (!img.hasAttr("alt")) {
                problems.add(page + ": img src=" + img.attr("src") + " has no alt");
            }
        }
    }

    private static boolean labelled(Document doc, Element field) {
        if (!field.attr("aria-label").isBlank() || !field.attr("aria-labelledby").isBlank()) {
            return true;
        }
        if (!field.id().isEmpty() && !doc.select("label[for=" + cssEscape(field.id()) + "]").isEmpty()) {
            return true;
        }
        return field.parents().stream().anyMatch(p -> p.tagName().equals("label"));
    }

    private static String cssEscape(String id) {
        return "\"" + id.replace("\"", "\\\"") + "\"";
    }
}
