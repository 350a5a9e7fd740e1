package io.loadsmith.audit.web;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.store.Api;
import io.loadsmith.store.H2StoreTest;
import tools.jackson.databind.JsonNode;

/**
 * The audit pages over a real store, as a browser uses them: the list with its filter (page and
 * htmx fragment from one URL), the detail with before, after and the line diff, and the History
 * link of the entity page. (Full stack: the pages only read what the services recorded.)
 */
class AuditPagesTest extends H2StoreTest {

    private MvcResult render(String path, boolean htmx) throws Exception {
        var request = MockMvcRequestBuilders.get(path).accept("text/html");
        if (htmx) {
            request.header("HX-Request", "true");
        }
        return mvc.perform(request).andReturn();
    }

    private Document page(String path) throws Exception {
        MvcResult result = render(path, false);
        assertThat(result.getResponse().getStatus()).as(path).isEqualTo(200);
        return Jsoup.parse(result.getResponse().getContentAsString(StandardCharsets.UTF_8));
    }

    /** An entity made by bob and changed once: its history holds a CREATE and an UPDATE. */
    private JsonNode changedEntity(String name) {
        JsonNode created = api().create("/api/v1/entities", obj("logicalName", name, "schema", "audit",
                "description", "before the change", "attributes", List.of(obj("name", "id", "datatype", "INTEGER8"))));
        Map<String, Object> body = Api.toMap(created);
        body.put("description", "after the change");
        Api.Answer answer = api().send(HttpMethod.PUT, "/api/v1/entities/" + created.get("id").asLong(), body);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return created;
    }

    @Test
    @WithMockUser(username = "bob", roles = "ADMIN")
    void theListShowsWhoChangedWhatAndTheDetailShowsBeforeAfterAndTheDiff() throws Exception {
        String name = "PG_" + Long.toString(System.nanoTime(), 36).toUpperCase();
        JsonNode entity = changedEntity(name);

        Document list = page("/audit?objectKind=ENTITY&objectName=audit." + name);
        List<String> rows = list.select("#audit-results tbody tr").eachText();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).contains("bob", "UPDATE", "Entity", "audit." + name, "Changed description");
        assertThat(rows.get(1)).contains("bob", "CREATE");
        assertThat(list.select("#filter-kind option[selected]").attr("value")).isEqualTo("ENTITY");
        assertThat(list.select(".pager").text()).contains("Page 1 of 1", "2 changes");
        assertThat(list.select("header nav a[href=/audit]").text()).isEqualTo("Audit");

        Document detail = page(list.select("#audit-results tbody tr").get(0).select("a").attr("href"));
        assertThat(detail.select("h1").text()).isEqualTo("UPDATE Entity audit." + name);
        assertThat(detail.select(".audit-facts").text()).contains("bob", "Changed description");
        assertThat(detail.select("pre.diff .diff-removed").eachText()).contains("-  \"description\": \"before the change\",");
        assertThat(detail.select("pre.diff .diff-added").eachText()).contains("+  \"description\": \"after the change\",");
        assertThat(detail.select("pre.diff .diff-hunk").eachText()).allMatch(line -> line.startsWith("@@ "));
        assertThat(detail.select("#before").text()).contains("\"description\": \"before the change\"");
        assertThat(detail.select("#after").text()).contains("\"description\": \"after the change\"");

        Document entityPage = page("/entities/" + entity.get("id").asLong());
        assertThat(entityPage.select("#entity-history").attr("href"))
                .isEqualTo("/audit?objectKind=ENTITY&objectName=audit." + name);
    }

    @Test
    void theFilterAnswersHtmxWithTheResultsOnlyAndPagesOlderChanges() throws Exception {
        String name = "PH_" + Long.toString(System.nanoTime(), 36).toUpperCase();
        JsonNode entity = changedEntity(name);
        for (int i = 0; i < 49; i++) { // one past the page size: the second page holds the creation
            JsonNode current = api().get("/api/v1/entities/" + entity.get("id").asLong());
            Map<String, Object> body = Api.toMap(current);
            body.put("description", "edit " + i);
            assertThat(api().send(HttpMethod.PUT, "/api/v1/entities/" + entity.get("id").asLong(), body).status())
                    .isEqualTo(200);
        }

        MvcResult fragment = render("/audit?actor=admin&objectName=audit." + name, true);
        String html = fragment.getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(html).startsWith("<section id=\"audit-results\"").doesNotContain("<html", "<form");
        Document first = Jsoup.parse(html);
        assertThat(first.select("tbody tr")).hasSize(AuditPageController.PAGE_SIZE);
        assertThat(first.select(".pager").text()).contains("Page 1 of 2", "51 changes");

        Document second = page(first.select(".pager a[rel=next]").attr("href"));
        assertThat(second.select("#audit-results tbody tr").eachText()).singleElement().asString().contains("CREATE");
        assertThat(second.select(".pager a[rel=prev]")).hasSize(1);
        assertThat(page("/audit?objectName=audit." + name + "&from=2000-01-01&to=2000-01-02")
                .select("#audit-results").text()).contains("No change matches.");
    }

    @Test
    void badFiltersAndUnknownEventsAreErrorPages() throws Exception {
        MvcResult kind = render("/audit?objectKind=SPACESHIP", false);
        assertThat(kind.getResponse().getStatus()).isEqualTo(400);
        assertThat(kind.getResponse().getContentAsString()).contains("is not a kind of object").doesNotContain("Exception");
        MvcResult date = render("/audit?from=yesterday", false);
        assertThat(date.getResponse().getStatus()).isEqualTo(400);
        assertThat(date.getResponse().getContentAsString()).contains("is not a date");
        assertThat(render("/audit/987654321", false).getResponse().getStatus()).isEqualTo(404);
    }
}
