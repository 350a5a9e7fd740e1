package io.loadsmith.tryit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

import io.loadsmith.store.Api;
import io.loadsmith.store.H2DemoStoreTest;
import tools.jackson.databind.JsonNode;

/**
 * POST /api/v1/loads/{id}/try on the demo store: the seed's vessel load tried with three batches,
 * and loads made here for the corners of the input space (NULLs, empty and one-row batches, reruns,
 * mixed-case and reserved column names, SQL of another dialect, limits). Expected tables written by hand.
 */
class TryApiTest extends H2DemoStoreTest {

    private TryLoads loads;

    @org.junit.jupiter.api.BeforeEach
    void loads() {
        loads = new TryLoads(api());
    }


    @Test
    void vesselDemoNewKeyThenAChangeThenNothingNew() {
        long id = loads.demoLoad();
        JsonNode result = loads.tryLoad(id, List.of(
                TryLoads.vessels(TryLoads.row(TryLoads.A, "Sea Explorer")),
                TryLoads.vessels(TryLoads.row(TryLoads.A, "Sea Explorer XL"), TryLoads.row(TryLoads.B, "Nordic Star")),
                TryLoads.vessels(TryLoads.row(TryLoads.A, "Sea Explorer XL"), TryLoads.row(TryLoads.B, "Nordic Star"))));

        // Step 2's CREATE TEMPORARY TABLE publish.Z_TMP_… runs without TEMPORARY, and the notes say so.
        assertThat(result.get("notes").size()).isEqualTo(1);
        assertThat(result.get("notes").get(0).asString()).startsWith("Step 2 creates publish.Z_TMP_")
                .contains("as a regular table");
        JsonNode batches = result.get("batches");
        assertThat(batches.size()).isEqualTo(3);
        for (JsonNode batch : batches) {
            assertThat(batch.get("failure").isNull()).as(batch.toString()).isTrue();
        }
        assertThat(TryLoads.target(batches.get(0))).containsExactly(List.of("NEW", TryLoads.A, "Sea Explorer", "1"));
        assertThat(TryLoads.target(batches.get(1))).containsExactly(
                List.of("CLOSED", TryLoads.A, "Sea Explorer", "0"),
                List.of("NEW", TryLoads.A, "Sea Explorer XL", "1"),
                List.of("NEW", TryLoads.B, "Nordic Star", "1"));
        assertThat(TryLoads.target(batches.get(2))).containsExactly(
                List.of("UNCHANGED", TryLoads.A, "Sea Explorer", "0"),
                List.of("UNCHANGED", TryLoads.A, "Sea Explorer XL", "1"),
                List.of("UNCHANGED", TryLoads.B, "Nordic Star", "1"));
        JsonNode counts = TryLoads.targetTable(batches.get(1)).get("counts");
        assertThat(List.of(counts.get("newRows").asInt(), counts.get("closed").asInt(), counts.get("unchanged").asInt()))
                .containsExactly(2, 1, 0);
        // The closed version ends where the new one starts.
        JsonNode rows = TryLoads.targetTable(batches.get(1)).get("rows");
        List<String> columns = TryLoads.columns(TryLoads.targetTable(batches.get(1)));
        assertThat(rows.get(0).get("values").get(columns.indexOf("valid_to")).asString())
                .isEqualTo(rows.get(1).get("values").get(columns.indexOf("valid_from")).asString());
        // The temporary table of step 2 ran as a regular one, and step 4 dropped it: only the target is left.
        assertThat(batches.get(2).get("tables").size()).isEqualTo(1);
    }

    @Test
    void aTemporaryTableInASchemaIsGoneAfterEachBatchAsWithANewSession() {
        long id = loads.customerLoadThroughATemporaryTable(false);
        JsonNode result = loads.tryLoad(id, List.of(
                Map.of("staging.customer", List.of(TryLoads.customer("C1", "Ann", null))),
                Map.of("staging.customer", List.of(TryLoads.customer("C1", "Ann", "ann@example.com"))),
                Map.of("staging.customer", List.of(TryLoads.customer("C1", "Ann", "ann@example.com")))));
        JsonNode batches = result.get("batches");
        assertThat(batches.size()).isEqualTo(3);
        for (JsonNode batch : batches) {
            assertThat(batch.get("failure").isNull()).as(batch.toString()).isTrue();
            // The temporary table ended with the batch's session: only the target is left to show.
            assertThat(batch.get("tables").size()).as(batch.toString()).isEqualTo(1);
        }
        assertThat(TryLoads.statuses(batches.get(0))).containsExactly("NEW");
        assertThat(TryLoads.statuses(batches.get(1))).containsExactly("CLOSED", "NEW");
        assertThat(TryLoads.statuses(batches.get(2))).containsExactly("UNCHANGED", "UNCHANGED");
        // The page's notes say what ran differently from the SQL's text.
        assertThat(result.get("notes").toString()).contains("Z_TMP_", "drops it at the end of each batch");
    }

    /** A made-up table's column that goes straight into a DATE column of the target is a DATE, not text. */
    @Test
    void aMadeUpColumnTheTargetHasTooTakesTheTargetsType() {
        long id = loads.customerLoadThroughATemporaryTable(true);
        Map<String, Object> row = TryLoads.customer("C1", "Ann", null);
        row.put("signup_date", "2024-05-01");
        Map<String, Object> nulls = TryLoads.customer("C2", "Bob", null);
        nulls.put("signup_date", null);
        JsonNode result = loads.tryLoad(id, List.of(Map.of(), Map.of("staging.customer", List.of(row, nulls))));
        JsonNode batches = result.get("batches");
        for (JsonNode batch : batches) {
            assertThat(batch.get("failure").isNull()).as(batch.toString()).isTrue();
        }
        JsonNode table = TryLoads.targetTable(batches.get(1));
        List<String> columns = TryLoads.columns(table);
        List<String> dates = new java.util.ArrayList<>();
        table.get("rows").forEach(r -> dates.add(r.get("values").get(columns.indexOf("signup_date")).isNull() ? null
                : r.get("values").get(columns.indexOf("signup_date")).asString()));
        assertThat(dates).containsExactlyInAnyOrder("2024-05-01", null);
        assertThat(result.get("notes").toString()).contains("staging.customer is no entity of the model",
                "signup_date DATE", "the others are VARCHAR");
    }

    @Test
    void aTemporaryTableWithoutASchemaIsTheSessionsOwnAndGoneAfterEachBatch() {
        long id = loads.sqlLoad("CREATE TEMPORARY TABLE t AS SELECT 'a' AS x;\n"
                + "INSERT INTO <target_schema>.<target_entity_name> (x) SELECT x FROM t;");
        JsonNode batches = loads.tryLoad(id, List.of(Map.of(), Map.of())).get("batches");
        assertThat(batches.get(1).get("failure").isNull()).as(batches.get(1).toString()).isTrue();
        assertThat(TryLoads.targetTable(batches.get(1)).get("rows").size()).isEqualTo(2);
    }

    @Test
    void theSameBatchTwiceChangesNothingTheSecondTime() {
        long id = loads.scd2LoadFromASource();
        Map<String, List<Map<String, Object>>> batch = Map.of(loads.source, List.of(TryLoads.sourceRow("K1", "one", 1)));
        JsonNode batches = loads.tryLoad(id, List.of(batch, batch)).get("batches");
        assertThat(TryLoads.statuses(batches.get(0))).containsExactly("NEW");
        assertThat(TryLoads.statuses(batches.get(1))).containsExactly("UNCHANGED");
    }

    @Test
    void nullsInEveryColumnAreKeptAsNulls() {
        long id = loads.scd2LoadFromASource();
        Map<String, Object> nulls = new LinkedHashMap<>();
        nulls.put("item_id", null);
        nulls.put("Item_Name", null);
        nulls.put("qty", null);
        JsonNode batches = loads.tryLoad(id, List.of(Map.of(loads.source, List.of(nulls)))).get("batches");
        JsonNode table = TryLoads.targetTable(batches.get(0));
        List<String> columns = TryLoads.columns(table);
        JsonNode values = table.get("rows").get(0).get("values");
        assertThat(values.get(columns.indexOf("Item_Name")).isNull()).isTrue();
        assertThat(values.get(columns.indexOf("qty")).isNull()).isTrue();
        assertThat(values.get(columns.indexOf("validity_status")).asString()).isEqualTo("1");
    }

    @Test
    void anEmptyBatchThenOneRowThenEmptyAgain() {
        long id = loads.scd2LoadFromASource();
        JsonNode batches = loads.tryLoad(id, List.of(Map.of(), Map.of(loads.source, List.of(TryLoads.sourceRow("K1", "one", 1))),
                Map.of(loads.source, List.of()))).get("batches");
        assertThat(TryLoads.targetTable(batches.get(0)).get("rows").size()).isZero();
        assertThat(TryLoads.statuses(batches.get(1))).containsExactly("NEW");
        // The scd2 template does not end history for a key missing from a batch.
        assertThat(TryLoads.statuses(batches.get(2))).containsExactly("UNCHANGED");
    }

    @Test
    void sqlWrittenForAnotherDialectShowsDuckDbsMessageAndTheStatement() {
        long id = loads.sqlLoad("ALTER SESSION SET TIMEZONE = 'UTC';");
        JsonNode failure = loads.tryLoad(id, List.of(Map.of())).get("batches").get(0).get("failure");
        assertThat(failure.get("step").asInt()).isEqualTo(1);
        assertThat(failure.get("statement").asString()).contains("ALTER SESSION");
        assertThat(failure.get("message").asString()).containsIgnoringCase("syntax error");
    }

    @Test
    void unknownTablesColumnsAndTooManyRowsAreRefusedWithTheField() {
        long id = loads.scd2LoadFromASource();
        Api.Answer unknownTable = api().send(HttpMethod.POST, "/api/v1/loads/" + id + "/try",
                Map.of("batches", List.of(Map.of("tables", Map.of("nope.nothing", List.of())))));
        assertThat(unknownTable.status()).isEqualTo(400);
        assertThat(unknownTable.body()).contains("batches[0].tables.nope.nothing", "not a table this load reads");
        Api.Answer unknownColumn = api().send(HttpMethod.POST, "/api/v1/loads/" + id + "/try",
                Map.of("batches", List.of(Map.of("tables", Map.of(loads.source, List.of(Map.of("colour", "red")))))));
        assertThat(unknownColumn.status()).isEqualTo(400);
        assertThat(unknownColumn.body()).contains("colour", "is not a column of");
        List<Map<String, Object>> many = new ArrayList<>();
        for (int i = 0; i <= Sandbox.MAX_ROWS; i++) {
            many.add(Map.of("item_id", "K" + i));
        }
        Api.Answer tooMany = api().send(HttpMethod.POST, "/api/v1/loads/" + id + "/try",
                Map.of("batches", List.of(Map.of("tables", Map.of(loads.source, many)))));
        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(tooMany.body()).contains("10001 rows", "at most 10000");
        Api.Answer none = api().send(HttpMethod.POST, "/api/v1/loads/" + id + "/try", Map.of("batches", List.of()));
        assertThat(none.status()).isEqualTo(400);
    }

    @Test
    void reservedAndMixedCaseColumnNamesOfAReferencedTable() {
        long id = loads.sqlLoad("INSERT INTO <target_schema>.<target_entity_name> (x)\n"
                + "SELECT o.\"Order\" || '/' || o.\"select\" || '/' || o.MixedCase FROM ext.\"Orders\" o;");
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("Order", "o1");
        row.put("select", "s1");
        row.put("MixedCase", "m1");
        JsonNode result = loads.tryLoad(id, List.of(Map.of("ext.Orders", List.of(row))));
        JsonNode input = result.get("inputs").get(0);
        assertThat(input.get("name").asString()).isEqualTo("ext.Orders");
        assertThat(TryLoads.columns(input).isEmpty()).isFalse();
        JsonNode batch = result.get("batches").get(0);
        assertThat(batch.get("failure").isNull()).as(batch.toString()).isTrue();
        assertThat(TryLoads.targetTable(batch).get("rows").get(0).get("values").get(0).asString()).isEqualTo("o1/s1/m1");
    }

    @Test
    void aTableReadWithSelectStarIsMadeFromItsEntityAndOnlyATableTheModelLacksGetsANote() {
        loads.scd2LoadFromASource();
        long id = loads.sqlLoad("INSERT INTO <target_schema>.<target_entity_name> (x)\n"
                + "SELECT item_id FROM (SELECT * FROM " + loads.source + ");\n"
                + "INSERT INTO <target_schema>.<target_entity_name> (x) SELECT * FROM ext.nowhere;");
        JsonNode result = loads.tryLoad(id, List.of(Map.of(loads.source, List.of(TryLoads.sourceRow("K1", "one", 1)))));
        JsonNode input = result.get("inputs").get(0);
        assertThat(result.get("inputs").size()).isEqualTo(1);
        assertThat(input.get("kind").asString()).isEqualTo("ENTITY");
        assertThat(TryLoads.columns(input)).containsExactly("item_id", "Item_Name", "qty");
        assertThat(result.get("notes").size()).isEqualTo(1);
        assertThat(result.get("notes").get(0).asString()).startsWith("The SQL reads ext.nowhere, which is no entity of the model,");
        // What the note says: the statement that reads the table fails.
        JsonNode failure = result.get("batches").get(0).get("failure");
        assertThat(failure.get("statement").asString()).contains("ext.nowhere");
    }

    @Test
    void aValueTheColumnCannotHoldEndsTheBatchNamingTheTableAndRow() {
        long id = loads.scd2LoadFromASource();
        JsonNode failure = loads.tryLoad(id, List.of(Map.of(loads.source, List.of(TryLoads.sourceRow("K1", "one", 1),
                Map.of("item_id", "K2", "qty", "many"))))).get("batches").get(0).get("failure");
        assertThat(failure.get("stepName").asString()).isEqualTo("sample rows of " + loads.source);
        assertThat(failure.get("statement").asString()).startsWith("row 2:");
        assertThat(failure.get("message").asString()).isEqualTo("row 2, column qty: 'many' is not of type INTEGER (such as 1).");
    }
}
