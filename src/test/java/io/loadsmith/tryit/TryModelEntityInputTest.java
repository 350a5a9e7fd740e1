package io.loadsmith.tryit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import io.loadsmith.store.H2DemoStoreTest;

/**
 * A load whose only step is the scd2 template, reading a table that is an entity of the model but
 * not one of the load's sources: Try it creates that table from the entity (TIMESTAMP, DATE,
 * DECIMAL, nullable text), generated rows run, and pasted CSV is checked against the column types.
 * Expected target rows written by hand.
 */
class TryModelEntityInputTest extends H2DemoStoreTest {

    @Autowired
    private TryService tries;

    private TryLoads loads;
    private long id;
    private String key;

    @BeforeEach
    void load() {
        loads = new TryLoads(api());
        id = loads.scd2TemplateOnModelEntity();
        key = loads.source.substring(loads.source.indexOf(".S_D_") + 5, loads.source.lastIndexOf("_SCD2")).toLowerCase() + "_id";
    }

    @Test
    void theEntityReadIsAnInputWithTheEntitysColumnTypesAndNoNotes() {
        TryPlan plan = tries.plan(id, null);
        assertThat(plan.notes()).isEmpty();
        TryPlan.InputTable input = plan.input(loads.source);
        assertThat(input).as(plan.inputs().toString()).isNotNull();
        assertThat(input.columns()).containsExactly(new TryPlan.Column(key, "VARCHAR"),
                new TryPlan.Column("ordered_at", "TIMESTAMP"), new TryPlan.Column("ship_date", "DATE"),
                new TryPlan.Column("amount", "DECIMAL(12,2)"), new TryPlan.Column("note", "VARCHAR"),
                new TryPlan.Column("valid_from", "TIMESTAMP"));
    }

    @Test
    void generatedRowsRunThroughTwoBatches() {
        TryPlan.InputTable input = tries.plan(id, null).input(loads.source);
        List<List<String>> rows = new ArrayList<>();
        for (int n = 1; n <= 3; n++) {
            rows.add(SampleRows.row(input.columns(), n));
        }
        List<TryRunner.Batch> batches = new ArrayList<>(List.of(batch(input, rows)));
        // Batch 2: key 2 gets a new amount, key 3 loses its note (nullable); both from February 1st.
        rows.get(1).set(3, "99.5");
        rows.get(1).set(5, "2024-02-01 00:00:00");
        rows.get(2).set(4, null);
        rows.get(2).set(5, "2024-02-01 00:00:00");
        batches.add(batch(input, rows));

        TryResult result = tries.run(id, null, batches);

        assertThat(result.setupFailure()).isNull();
        assertThat(result.batches()).hasSize(2);
        result.batches().forEach(b -> assertThat(b.failure()).as(String.valueOf(b.failure())).isNull());
        String far = "9999-12-31 00:00:00";
        assertThat(target(result.batches().get(0))).containsExactly(
                row("NEW", key + "_1", "2024-01-01 00:00:00", far, "1", "2024-01-01 00:00:00", "2024-01-01", "1.5", "note_1"),
                row("NEW", key + "_2", "2024-01-02 00:00:00", far, "1", "2024-01-02 00:00:00", "2024-01-02", "2.5", "note_2"),
                row("NEW", key + "_3", "2024-01-03 00:00:00", far, "1", "2024-01-03 00:00:00", "2024-01-03", "3.5", "note_3"));
        assertThat(target(result.batches().get(1))).containsExactly(
                row("UNCHANGED", key + "_1", "2024-01-01 00:00:00", far, "1", "2024-01-01 00:00:00", "2024-01-01", "1.5", "note_1"),
                row("CLOSED", key + "_2", "2024-01-02 00:00:00", "2024-02-01 00:00:00", "0", "2024-01-02 00:00:00", "2024-01-02", "2.5", "note_2"),
                row("NEW", key + "_2", "2024-02-01 00:00:00", far, "1", "2024-01-02 00:00:00", "2024-01-02", "99.5", "note_2"),
                row("CLOSED", key + "_3", "2024-01-03 00:00:00", "2024-02-01 00:00:00", "0", "2024-01-03 00:00:00", "2024-01-03", "3.5", "note_3"),
                row("NEW", key + "_3", "2024-02-01 00:00:00", far, "1", "2024-01-03 00:00:00", "2024-01-03", "3.5", null));
    }

    @Test
    void aCsvWithABadTimestampIsRefusedNamingRowAndColumnAndTheGridIsKept() throws Exception {
        String csv = key + ",ordered_at,ship_date,amount,note,valid_from\n"
                + "k1,2024-03-01 10:00:00,2024-03-02,10.25,,2024-03-01 10:00:00\n"
                + "k2,yesterday,2024-03-02,10.25,x,2024-03-01 10:00:00\n";
        String html = mvc.perform(post("/loads/" + id + "/try").param("action", "csv-0").param("history", "[]")
                        .param("t0.rows", "1").param("t0.r0.c0", "kept").param("csv.t0", csv))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        Document page = Jsoup.parse(html);
        assertThat(page.select("#try-problem").text())
                .contains("row 2", "ordered_at", "'yesterday'", "TIMESTAMP")
                .doesNotContain("Exception", "io.loadsmith");
        assertThat(page.select("input[name=t0.rows]").val()).isEqualTo("1");
        assertThat(page.select("input[name=t0.r0.c0]").val()).isEqualTo("kept");
        // The refused CSV stays in its open box, to be corrected.
        assertThat(page.select("details.try-csv").hasAttr("open")).isTrue();
        assertThat(page.select("textarea[name=csv.t0]").val()).isEqualTo(csv.strip());
    }

    @Test
    void aTypedValueThatDoesNotParseEndsTheBatchNamingRowColumnValueAndType() {
        TryPlan.InputTable input = tries.plan(id, null).input(loads.source);
        List<String> bad = SampleRows.row(input.columns(), 1);
        bad.set(2, "31.02.2024");
        TryResult result = tries.run(id, null, List.of(batch(input, List.of(SampleRows.row(input.columns(), 2), bad))));
        TryResult.Failure failure = result.batches().get(0).failure();
        assertThat(failure).isNotNull();
        assertThat(failure.message()).contains("row 2", "ship_date", "'31.02.2024'", "DATE");
    }

    private static TryRunner.Batch batch(TryPlan.InputTable input, List<List<String>> rows) {
        List<Map<String, Object>> maps = new ArrayList<>();
        for (List<String> values : rows) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (int c = 0; c < values.size(); c++) {
                row.put(input.columns().get(c).name(), values.get(c));
            }
            maps.add(row);
        }
        return new TryRunner.Batch(Map.of(input.name(), maps));
    }

    private static List<String> row(String... values) {
        return Arrays.asList(values);
    }

    /** change, key, valid_from, valid_to, validity_status, ordered_at, ship_date, amount, note of each target row. */
    private List<List<String>> target(TryResult.BatchResult batch) {
        TryResult.TableResult table = batch.tables().stream().filter(TryResult.TableResult::target).findFirst().orElseThrow();
        List<String> wanted = List.of(key, "valid_from", "valid_to", "validity_status", "ordered_at", "ship_date", "amount", "note");
        List<List<String>> rows = new ArrayList<>();
        for (TryResult.Row row : table.rows()) {
            List<String> values = new ArrayList<>(List.of(row.change().name()));
            wanted.forEach(c -> values.add(row.values().get(table.columns().indexOf(c))));
            rows.add(values);
        }
        return rows;
    }
}
