package io.loadsmith.tryit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.loadsmith.store.H2DemoStoreTest;

/** The try page's form (MockMvc, HTML read with jsoup): what a pasted CSV puts in the grid, and what a run of it does. */
class TryPageTest extends H2DemoStoreTest {

    private long id;

    @BeforeEach
    void load() {
        id = new TryLoads(api()).customerLoadThroughATemporaryTable(false);
    }

    @Test
    void aQuotedEmptyFieldIsAnEmptyTextInTheGridAndInTheRunAndAnEmptyFieldIsNull() throws Exception {
        Document pasted = page(post("/loads/" + id + "/try").param("action", "csv-0").param("history", "[]")
                .param("t0.rows", "0").param("csv.t0", "customer_key,CustomerName,email\nC3,\"\",\n"));
        assertThat(pasted.select("#try-problem")).isEmpty();
        assertThat(pasted.select("input[name=t0.rows]").val()).isEqualTo("1");
        assertThat(pasted.select("input[name=t0.r0.c1]").val()).isEqualTo("\"\"");
        assertThat(pasted.select("input[name=t0.r0.c2]").val()).isEmpty();

        // The form as the browser sends it back: CustomerName (NOT NULL) is the empty text, email NULL.
        Document ran = page(post("/loads/" + id + "/try").param("action", "run").param("history", "[]")
                .param("t0.rows", "1").param("t0.r0.c0", "C3").param("t0.r0.c1", "\"\"").param("t0.r0.c2", ""));
        assertThat(ran.select(".try-failure").text()).isEmpty();
        Element table = ran.selectFirst("#batch-1 table.try-result");
        assertThat(table).as(ran.select("#try-results").text()).isNotNull();
        int name = headers(table).indexOf("CustomerName");
        int email = headers(table).indexOf("email");
        Element row = table.selectFirst("tbody tr");
        assertThat(row.child(name).text()).isEmpty();
        assertThat(row.child(name).hasClass("null")).isFalse();
        assertThat(row.child(email).text()).isEqualTo("NULL");
        assertThat(row.child(email).hasClass("null")).isTrue();
        // The batch run is kept in the form with the empty text, for the next run to replay.
        assertThat(ran.select("input[name=history]").val()).contains("\"CustomerName\":\"\"", "\"email\":null");
    }

    @Test
    void aFailedBatchSaysSoWithoutCountsAndATableTheSandboxCannotMakeIsNotCalledNoTable() throws Exception {
        // CustomerName NULL: the template's insert into the NOT NULL column fails.
        Document ran = page(post("/loads/" + id + "/try").param("action", "run").param("history", "[]")
                .param("t0.rows", "1").param("t0.r0.c0", "C1").param("t0.r0.c1", "").param("t0.r0.c2", ""));
        assertThat(ran.select("#batch-1 summary").text()).isEqualTo("Batch 1: failed");
        assertThat(ran.select("#batch-1 .try-failure").text()).contains("failed", "NOT NULL");

        long star = new TryLoads(api()).sqlLoad("INSERT INTO <target_schema>.<target_entity_name> (x) SELECT * FROM ext.nowhere;");
        Document page = Jsoup.parse(mvc.perform(get("/loads/" + star + "/try")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString());
        assertThat(page.select(".try-notes li").text()).startsWith("The SQL reads ext.nowhere");
        assertThat(page.select("#try-panel").text()).doesNotContain("reads no table");
        assertThat(page.select("#try-no-inputs").text()).isEqualTo("No table here takes sample rows: each batch runs the SQL as it is.");
    }

    @Test
    void aFailedBatchLabelsTheRowsItLeftAsBeforeNotUnchanged() throws Exception {
        Document first = page(post("/loads/" + id + "/try").param("action", "run").param("history", "[]")
                .param("t0.rows", "1").param("t0.r0.c0", "C1").param("t0.r0.c1", "Ann").param("t0.r0.c2", ""));
        assertThat(first.select("#batch-1 table.try-result thead th").first().text()).isEqualTo("batch did");
        assertThat(first.select("#batch-1 table.try-result tbody td:first-child").eachText()).contains("new");
        // Batch 2 fails (CustomerName NULL into a NOT NULL column): C1 is still there, untouched by it.
        Document second = page(post("/loads/" + id + "/try").param("action", "run")
                .param("history", first.select("input[name=history]").val())
                .param("t0.rows", "1").param("t0.r0.c0", "C2").param("t0.r0.c1", "").param("t0.r0.c2", ""));
        assertThat(second.select("#batch-2 summary").text()).isEqualTo("Batch 2: failed");
        assertThat(second.select("#batch-2 table.try-result").size()).as(second.select("#try-results").text()).isPositive();
        assertThat(second.select("#batch-2 table.try-result thead").eachText()).allSatisfy(h -> assertThat(h).startsWith("after the failure"));
        List<String> labels = second.select("#batch-2 table.try-result tbody td:first-child").eachText();
        assertThat(labels).contains("as before").doesNotContain("unchanged");
        assertThat(second.select("#batch-2").text()).contains("The tables as the failed batch left them");
    }

    @Test
    void batchesOverTheInputBudgetAreRefusedInThePanelWithTheCell() throws Exception {
        // Earlier batches come back from the page as JSON: the budget counts them too, whatever the client sent.
        String wide = "x".repeat((int) SandboxLimits.DEFAULT.inputCharacters() + 1);
        String history = "[{\"staging.customer\": [{\"customer_key\": \"C1\", \"CustomerName\": \"" + wide
                + "\", \"email\": null}]}]";
        var answer = mvc.perform(post("/loads/" + id + "/try").param("action", "run").param("history", history)
                .param("t0.rows", "1").param("t0.r0.c0", "C2").param("t0.r0.c1", "Ann").param("t0.r0.c2", ""))
                .andExpect(status().isOk()).andReturn().getResponse();
        assertThat(answer.getContentType()).startsWith("text/html");
        Document page = Jsoup.parse(answer.getContentAsString());
        assertThat(page.select("#try-problem").text()).contains("batches[0].tables.staging.customer[0].CustomerName takes"
                + " the sample rows past the sandbox's 2,000,000 characters (all values of all batches together)");
        assertThat(page.select("#try-results .try-result")).isEmpty();
    }

    private static java.util.List<String> headers(Element table) {
        return table.select("thead th").stream().map(Element::text).toList();
    }

    private Document page(org.springframework.test.web.servlet.RequestBuilder request) throws Exception {
        return Jsoup.parse(mvc.perform(request).andExpect(status().isOk()).andReturn().getResponse().getContentAsString());
    }
}
