package io.loadsmith.tryit;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.HttpMethod;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

import io.loadsmith.store.Api;
import io.loadsmith.store.DataVaultModelOverApi;
import io.loadsmith.store.SignedInMockMvc;
import tools.jackson.databind.JsonNode;

/**
 * "Try the model" over REST and on its page (MockMvc, HTML read with jsoup): the small Data Vault of {@link DataVaultModelOverApi} (mappings only: raw
 * tables, two stages, two hubs, a link, a satellite, a multi-active satellite, a status satellite, a PSA,
 * two views) tried as a whole in the sandbox, batch after batch, with rows for its root tables (the raw
 * ones). Every table after every batch is compared with rows written out by hand; hashes are shown as
 * {@code md5(<text>)} of a text written here.
 */
@SpringBootTest
@AutoConfigureMockMvc
@org.springframework.context.annotation.Import(SignedInMockMvc.class)
@WithMockUser(username = "admin", roles = "ADMIN")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TryModelTest {

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        // Its own store: the imported names (HUB, HASH_KEY) must not meet other tests' fixtures.
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:trymodel;DB_CLOSE_DELAY=-1");
        registry.add("spring.flyway.locations", () -> "classpath:db/migration");
    }

    @Autowired
    MockMvc mvc;

    private Api api;
    private DataVaultModelOverApi model;

    @BeforeAll
    void buildTheModelThroughTheApi() throws Exception {
        api = new Api(mvc);
        model = new DataVaultModelOverApi(api);
        model.build();
        model.setRunTime("2024-01-01T12:00:00");
    }

    private String path() {
        return "/api/v1/packages/" + model.packageId() + "/try";
    }

    // ------------------------------------------------------------------ the rows of the root tables

    private static final String T1 = "2024-01-01 00:00:00";
    private static final String T2 = "2024-01-02 00:00:00";

    private static Map<String, Object> customer(String id, String name, String city, String phone, String loadTs) {
        return obj("customer_id", id, "name", name, "city", city, "phone", phone, "load_ts", loadTs, "rec_src", "crm");
    }

    private static Map<String, Object> order(String id, String customer, int amount, String loadTs) {
        return obj("order_id", id, "customer_id", customer, "amount", amount, "load_ts", loadTs, "rec_src", "shop");
    }

    private static Map<String, Object> batch(List<Map<String, Object>> customers, List<Map<String, Object>> orders) {
        Map<String, Object> tables = new HashMap<>();
        if (!customers.isEmpty()) {
            tables.put("raw.customer_src", customers);
        }
        if (!orders.isEmpty()) {
            tables.put("raw.order_src", orders);
        }
        return obj("tables", tables);
    }

    // ------------------------------------------------------------------ hashes shown as their texts

    private static final Map<String, String> LABELS = new HashMap<>();

    static {
        for (String text : List.of("ALICE", "BOB", "CAROL", "O1", "ALICE~O1", "Ann~Oslo", "Bob~Rome", "Bob~Paris", "111", "333",
                "o1~ALICE~10~shop")) {
            LABELS.put(md5(text), "md5(" + text + ")");
        }
    }

    private static String md5(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A table of a batch's answer as "CHANGE | value | …" lines of the named columns, hashes as their texts. */
    private static List<String> table(JsonNode batch, String name, String... columns) {
        JsonNode table = null;
        for (JsonNode t : batch.get("tables")) {
            if (t.get("name").asString().equalsIgnoreCase(name)) {
                table = t;
            }
        }
        assertThat(table).as("table %s in %s", name, batch).isNotNull();
        List<String> names = new ArrayList<>();
        table.get("columns").forEach(c -> names.add(c.asString()));
        List<String> lines = new ArrayList<>();
        for (JsonNode row : table.get("rows")) {
            List<String> cells = new ArrayList<>(List.of(row.get("change").asString()));
            for (String column : columns) {
                JsonNode value = row.get("values").get(names.indexOf(column));
                cells.add(value.isNull() ? "null" : LABELS.getOrDefault(value.asString(), value.asString()));
            }
            lines.add(String.join(" | ", cells));
        }
        return lines;
    }

    private static List<String> lines(String text) {
        return text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    /** Every table the model writes after a batch, against rows written out by hand (any order). */
    private static void check(JsonNode batch, String stgCustomer, String stgOrder, String hubCustomer, String hubOrder,
                              String link, String sat, String satC, String satMa, String status, String psa) {
        assertThat(batch.get("failure").isNull()).as(batch.toString()).isTrue();
        assertThat(table(batch, "stage.stg_customer", "customer_id", "city", "load_ts"))
                .as("stg_customer").containsExactlyInAnyOrderElementsOf(lines(stgCustomer));
        assertThat(table(batch, "stage.stg_order", "order_id", "customer_id", "amount"))
                .as("stg_order").containsExactlyInAnyOrderElementsOf(lines(stgOrder));
        assertThat(table(batch, "rdv.H_CUSTOMER", "dv_id", "customer_bk", "dv_load_time", "dv_record_source"))
                .as("H_CUSTOMER").containsExactlyInAnyOrderElementsOf(lines(hubCustomer));
        assertThat(table(batch, "rdv.H_ORDER", "dv_id", "order_bk", "dv_load_time", "dv_record_source"))
                .as("H_ORDER").containsExactlyInAnyOrderElementsOf(lines(hubOrder));
        assertThat(table(batch, "rdv.L_CUSTOMER_ORDER", "dv_id", "dv_id_customer", "dv_id_order", "dv_load_time"))
                .as("L_CUSTOMER_ORDER").containsExactlyInAnyOrderElementsOf(lines(link));
        assertThat(table(batch, "rdv.S_CUSTOMER", "dv_id", "dv_load_time", "dv_datahash", "name", "city"))
                .as("S_CUSTOMER").containsExactlyInAnyOrderElementsOf(lines(sat));
        assertThat(table(batch, "rdv.S_CUSTOMER_C", "dv_id", "dv_load_time", "city"))
                .as("S_CUSTOMER_C").containsExactlyInAnyOrderElementsOf(lines(satC));
        assertThat(table(batch, "rdv.S_CUSTOMER_PHONE", "dv_id", "dv_load_time", "dv_datahash", "phone"))
                .as("S_CUSTOMER_PHONE").containsExactlyInAnyOrderElementsOf(lines(satMa));
        assertThat(table(batch, "rdv.S_CUSTOMER_STATUS", "dv_id", "dv_load_time", "dv_status"))
                .as("S_CUSTOMER_STATUS").containsExactlyInAnyOrderElementsOf(lines(status));
        assertThat(table(batch, "psa.P_ORDER", "dw_id", "dw_hash", "amount"))
                .as("P_ORDER").containsExactlyInAnyOrderElementsOf(lines(psa));
    }

    // ------------------------------------------------------------------ the scenario

    @Test
    void thePlanListsTheLoadsInRunOrderAndTheRootTables() {
        JsonNode plan = api.get(path());
        assertThat(plan.get("name").asString()).isEqualTo("Package 'dv_e2e'");
        // The SQL package's run order: the stages the satellite and the PSA read (their run checks follow them),
        // then what reads the stages (by name among the ready ones).
        assertThat(plan.get("loads").valueStream().map(l -> l.get("name").asString())).containsExactly(
                "load_stg_customer", "load_stg_order", "load_h_customer", "load_h_customer_from_order", "load_h_order",
                "load_l_customer_order", "load_p_order", "load_s_customer", "load_s_customer_c", "load_s_customer_phone",
                "load_s_customer_phone_c", "load_s_customer_status");
        // Only the raw tables take rows: every other table is written by a load of the package.
        assertThat(plan.get("inputs").valueStream().map(t -> t.get("name").asString()))
                .containsExactly("raw.customer_src", "raw.order_src");
        assertThat(plan.get("inputs").get(1).get("columns").valueStream()
                .map(c -> c.get("name").asString() + " " + c.get("type").asString())).containsExactly(
                "order_id VARCHAR", "customer_id VARCHAR", "amount INTEGER", "load_ts TIMESTAMP", "rec_src VARCHAR");
        assertThat(plan.get("targets").valueStream().map(JsonNode::asString)).containsExactly("stage.stg_customer",
                "stage.stg_order", "rdv.H_CUSTOMER", "rdv.H_ORDER", "rdv.L_CUSTOMER_ORDER", "psa.P_ORDER", "rdv.S_CUSTOMER",
                "rdv.S_CUSTOMER_C", "rdv.S_CUSTOMER_PHONE", "rdv.S_CUSTOMER_PHONE_C", "rdv.S_CUSTOMER_STATUS");
    }

    /** Rule 17 for the whole run: the run checks stop a conflicting batch after the stages, before any vault load. */
    @Test
    void aConflictingBatchWithANewKeyLeavesEveryVaultTableUnchanged() {
        Api.Answer answer = api.send(HttpMethod.POST, path(), obj("batches", List.of(
                batch(List.of(customer("alice", "Ann", "Oslo", "111", T1)), List.of(order("o1", "ALICE", 10, T1))),
                // carol twice at one load time with different cities, and gus, new to both hubs and the link.
                batch(List.of(customer("carol", "Cat", "Rome", "444", T2), customer("carol", "Cat", "Lima", "444", T2),
                        customer("gus", "Gus", "Oslo", "666", T2)), List.of(order("o6", "gus", 2, T2))))));
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        JsonNode batches = answer.json().get("batches");
        assertThat(batches.size()).isEqualTo(2);
        assertThat(batches.get(0).get("failure").isNull()).as(batches.get(0).toString()).isTrue();
        JsonNode failure = batches.get(1).get("failure");
        assertThat(failure.get("load").asString()).isEqualTo("checks/conflicts");
        assertThat(failure.get("message").asString()).contains("generated SAT load load_s_customer into rdv.S_CUSTOMER:"
                + " the stage rows of key CAROL at load time 2024-01-02T00:00:00.000000 conflict");
        // The stages took the batch; no vault table did.
        assertThat(table(batches.get(1), "stage.stg_order", "order_id")).containsExactlyInAnyOrder("NEW | o6", "REMOVED | o1");
        for (String vault : List.of("rdv.H_CUSTOMER", "rdv.H_ORDER", "rdv.L_CUSTOMER_ORDER", "rdv.S_CUSTOMER",
                "rdv.S_CUSTOMER_C", "rdv.S_CUSTOMER_PHONE", "rdv.S_CUSTOMER_STATUS", "psa.P_ORDER")) {
            assertThat(table(batches.get(1), vault, "dv_load_time")).as(vault).isNotEmpty()
                    .allMatch(line -> line.startsWith("UNCHANGED |"));
        }
    }

    @Test
    void stageRowsInHubLinkAndSatellitesOutBatchAfterBatch() {
        Api.Answer answer = api.send(HttpMethod.POST, path(), obj("batches", List.of(
                batch(List.of(customer("alice", "Ann", "Oslo", "111", T1), customer("bob", "Bob", "Rome", "333", T1)),
                        List.of(order("o1", "ALICE", 10, T1))),
                // alice again as she was (a rerun), bob moved to Paris a day later; the order again.
                batch(List.of(customer("alice", "Ann", "Oslo", "111", T1), customer("bob", "Bob", "Paris", "333", T2)),
                        List.of(order("o1", "ALICE", 10, T1))),
                batch(List.of(), List.of()))));
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        JsonNode batches = answer.json().get("batches");
        assertThat(batches.size()).isEqualTo(3);

        check(batches.get(0), """
                        NEW | alice | Oslo | 2024-01-01 00:00:00
                        NEW | bob | Rome | 2024-01-01 00:00:00
                        """, """
                        NEW | o1 | ALICE | 10
                        """, """
                        NEW | md5(ALICE) | ALICE | 2024-01-01 00:00:00 | crm
                        NEW | md5(BOB) | BOB | 2024-01-01 00:00:00 | crm
                        """, """
                        NEW | md5(O1) | O1 | 2024-01-01 00:00:00 | shop
                        """, """
                        NEW | md5(ALICE~O1) | md5(ALICE) | md5(O1) | 2024-01-01 00:00:00
                        """, """
                        NEW | md5(ALICE) | 2024-01-01 00:00:00 | md5(Ann~Oslo) | Ann | Oslo
                        NEW | md5(BOB) | 2024-01-01 00:00:00 | md5(Bob~Rome) | Bob | Rome
                        """, """
                        NEW | md5(ALICE) | 2024-01-01 00:00:00 | Oslo
                        NEW | md5(BOB) | 2024-01-01 00:00:00 | Rome
                        """, """
                        NEW | md5(ALICE) | 2024-01-01 00:00:00 | md5(111) | 111
                        NEW | md5(BOB) | 2024-01-01 00:00:00 | md5(333) | 333
                        """, """
                        NEW | md5(ALICE) | 2024-01-01 12:00:00 | 1
                        NEW | md5(BOB) | 2024-01-01 12:00:00 | 1
                        """, """
                        NEW | md5(O1) | md5(o1~ALICE~10~shop) | 10
                        """);
        // The rerun changes nothing in the vault; bob's new city is one new satellite row, and his current row.
        check(batches.get(1), """
                        UNCHANGED | alice | Oslo | 2024-01-01 00:00:00
                        NEW | bob | Paris | 2024-01-02 00:00:00
                        REMOVED | bob | Rome | 2024-01-01 00:00:00
                        """, """
                        UNCHANGED | o1 | ALICE | 10
                        """, """
                        UNCHANGED | md5(ALICE) | ALICE | 2024-01-01 00:00:00 | crm
                        UNCHANGED | md5(BOB) | BOB | 2024-01-01 00:00:00 | crm
                        """, """
                        UNCHANGED | md5(O1) | O1 | 2024-01-01 00:00:00 | shop
                        """, """
                        UNCHANGED | md5(ALICE~O1) | md5(ALICE) | md5(O1) | 2024-01-01 00:00:00
                        """, """
                        UNCHANGED | md5(ALICE) | 2024-01-01 00:00:00 | md5(Ann~Oslo) | Ann | Oslo
                        UNCHANGED | md5(BOB) | 2024-01-01 00:00:00 | md5(Bob~Rome) | Bob | Rome
                        NEW | md5(BOB) | 2024-01-02 00:00:00 | md5(Bob~Paris) | Bob | Paris
                        """, """
                        UNCHANGED | md5(ALICE) | 2024-01-01 00:00:00 | Oslo
                        NEW | md5(BOB) | 2024-01-02 00:00:00 | Paris
                        REMOVED | md5(BOB) | 2024-01-01 00:00:00 | Rome
                        """, """
                        UNCHANGED | md5(ALICE) | 2024-01-01 00:00:00 | md5(111) | 111
                        UNCHANGED | md5(BOB) | 2024-01-01 00:00:00 | md5(333) | 333
                        """, """
                        UNCHANGED | md5(ALICE) | 2024-01-01 12:00:00 | 1
                        UNCHANGED | md5(BOB) | 2024-01-01 12:00:00 | 1
                        """, """
                        UNCHANGED | md5(O1) | md5(o1~ALICE~10~shop) | 10
                        """);
        // An empty batch empties the stages and changes nothing in the vault (no key "disappeared").
        check(batches.get(2), """
                        REMOVED | alice | Oslo | 2024-01-01 00:00:00
                        REMOVED | bob | Paris | 2024-01-02 00:00:00
                        """, """
                        REMOVED | o1 | ALICE | 10
                        """, """
                        UNCHANGED | md5(ALICE) | ALICE | 2024-01-01 00:00:00 | crm
                        UNCHANGED | md5(BOB) | BOB | 2024-01-01 00:00:00 | crm
                        """, """
                        UNCHANGED | md5(O1) | O1 | 2024-01-01 00:00:00 | shop
                        """, """
                        UNCHANGED | md5(ALICE~O1) | md5(ALICE) | md5(O1) | 2024-01-01 00:00:00
                        """, """
                        UNCHANGED | md5(ALICE) | 2024-01-01 00:00:00 | md5(Ann~Oslo) | Ann | Oslo
                        UNCHANGED | md5(BOB) | 2024-01-01 00:00:00 | md5(Bob~Rome) | Bob | Rome
                        UNCHANGED | md5(BOB) | 2024-01-02 00:00:00 | md5(Bob~Paris) | Bob | Paris
                        """, """
                        UNCHANGED | md5(ALICE) | 2024-01-01 00:00:00 | Oslo
                        UNCHANGED | md5(BOB) | 2024-01-02 00:00:00 | Paris
                        """, """
                        UNCHANGED | md5(ALICE) | 2024-01-01 00:00:00 | md5(111) | 111
                        UNCHANGED | md5(BOB) | 2024-01-01 00:00:00 | md5(333) | 333
                        """, """
                        UNCHANGED | md5(ALICE) | 2024-01-01 12:00:00 | 1
                        UNCHANGED | md5(BOB) | 2024-01-01 12:00:00 | 1
                        """, """
                        UNCHANGED | md5(O1) | md5(o1~ALICE~10~shop) | 10
                        """);
    }

    /** Before the model: one generated (mapped, stepless) hub load tried alone, its stage as the input. */
    @Test
    void aMappedHubLoadTriedAloneLoadsEachKeyOnce() {
        Map<String, Object> alice = obj("customer_id", "alice", "load_ts", T1, "rec_src", "crm");
        Map<String, Object> bob = obj("customer_id", " bob ", "load_ts", T1, "rec_src", "crm");
        Map<String, Object> carol = obj("customer_id", "carol", "load_ts", T2, "rec_src", "web");
        Api.Answer answer = api.send(HttpMethod.POST, "/api/v1/loads/" + model.loadId("load_h_customer") + "/try",
                obj("batches", List.of(obj("tables", Map.of("stage.stg_customer", List.of(alice, bob))),
                        obj("tables", Map.of("stage.stg_customer", List.of(alice, carol))))));
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        JsonNode result = answer.json();
        // A mapping's source is not among the load's sources: the plan finds it in the SQL, an entity of the model.
        assertThat(result.get("inputs").valueStream().map(t -> t.get("name").asString() + " " + t.get("kind").asString()))
                .containsExactly("stage.stg_customer ENTITY");
        JsonNode batches = result.get("batches");
        assertThat(batches.get(0).get("failure").isNull()).as(batches.toString()).isTrue();
        assertThat(table(batches.get(0), "rdv.H_CUSTOMER", "dv_id", "customer_bk", "dv_load_time", "dv_record_source"))
                .containsExactlyInAnyOrder("NEW | md5(ALICE) | ALICE | 2024-01-01 00:00:00 | crm",
                        "NEW | md5(BOB) | BOB | 2024-01-01 00:00:00 | crm");
        assertThat(batches.get(1).get("failure").isNull()).as(batches.toString()).isTrue();
        assertThat(table(batches.get(1), "rdv.H_CUSTOMER", "dv_id", "customer_bk", "dv_load_time", "dv_record_source"))
                .containsExactlyInAnyOrder("UNCHANGED | md5(ALICE) | ALICE | 2024-01-01 00:00:00 | crm",
                        "UNCHANGED | md5(BOB) | BOB | 2024-01-01 00:00:00 | crm",
                        "NEW | md5(CAROL) | CAROL | 2024-01-02 00:00:00 | web");
    }

    @Test
    @WithMockUser(username = "viewer", roles = "VIEWER")
    void aViewerMayTryTheModel() {
        Api.Answer answer = api.send(HttpMethod.POST, path(), obj("batches", List.of(
                batch(List.of(customer("carol", "Cat", "Oslo", "444", T1)), List.of()))));
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(table(answer.json().get("batches").get(0), "rdv.H_CUSTOMER", "customer_bk"))
                .containsExactly("NEW | CAROL");
    }

    // ------------------------------------------------------------------ refusals

    @Test
    void aTableThatALoadOfTheModelWritesTakesNoRows() {
        Api.Answer answer = api.send(HttpMethod.POST, path(), obj("batches", List.of(obj("tables", Map.of(
                "stage.stg_customer", List.of(obj("customer_id", "x")))))));
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        JsonNode error = answer.json().get("errors").get(0);
        assertThat(error.get("field").asString()).isEqualTo("batches[0].tables.stage.stg_customer");
        assertThat(error.get("message").asString()).isEqualTo("is not a table this model reads; tables that take rows:"
                + " raw.customer_src, raw.order_src");
    }

    @Test
    void tooManyRowsNameTheTable() {
        List<Map<String, Object>> rows = IntStream.range(0, Sandbox.MAX_ROWS + 1)
                .mapToObj(i -> customer("c" + i, "N", "X", "1", T1)).toList();
        Api.Answer answer = api.send(HttpMethod.POST, path(), obj("batches", List.of(obj("tables",
                Map.of("raw.customer_src", rows)))));
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        JsonNode error = answer.json().get("errors").get(0);
        assertThat(error.get("field").asString()).isEqualTo("batches[0].tables.raw.customer_src");
        assertThat(error.get("message").asString()).isEqualTo("has 10001 rows; the sandbox takes at most 10000 per table");
    }

    @Test
    void aStatementThatFailsStopsTheBatchNamingItsLoadStepAndStatement() {
        Api.Answer answer = api.send(HttpMethod.POST, path(), obj("batches", List.of(
                batch(List.of(), List.of(order("o1", "ALICE", 10, T1))),
                batch(List.of(customer("erin", "Eve", "Oslo", "555", null)), List.of()))));
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        JsonNode batches = answer.json().get("batches");
        assertThat(batches.size()).isEqualTo(2);
        assertThat(batches.get(0).get("failure").isNull()).isTrue();
        // erin without a load time passes the stage (load_ts may be NULL there), not the hub's NOT NULL dv_load_time.
        JsonNode failure = batches.get(1).get("failure");
        assertThat(failure.get("load").asString()).isEqualTo("load_h_customer");
        assertThat(failure.get("step").asInt()).isEqualTo(1);
        assertThat(failure.get("statement").asString()).startsWith("INSERT INTO rdv.H_CUSTOMER (dv_id, customer_bk,");
        assertThat(failure.get("message").asString())
                .isEqualTo("Constraint Error: NOT NULL constraint failed: H_CUSTOMER.dv_load_time");
        // The batch stopped there: the customer stage has erin, the order stage is empty (both stages run before
        // the run checks), and the hub only what batch 1 gave it (ALICE, from the order).
        assertThat(table(batches.get(1), "stage.stg_customer", "customer_id", "load_ts")).containsExactly("NEW | erin | null");
        assertThat(table(batches.get(1), "stage.stg_order", "order_id")).containsExactly("REMOVED | o1");
        assertThat(table(batches.get(1), "rdv.H_CUSTOMER", "customer_bk", "dv_record_source"))
                .containsExactly("UNCHANGED | ALICE | shop");
    }

    @Test
    void aValueItsColumnCannotTakeStopsTheBatchAtTheSampleRows() {
        Api.Answer answer = api.send(HttpMethod.POST, path(), obj("batches", List.of(
                batch(List.of(), List.of(order("o1", "ALICE", 10, T1))),
                batch(List.of(), List.of(obj("order_id", "o2", "amount", "x"))))));
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        JsonNode batches = answer.json().get("batches");
        assertThat(batches.size()).isEqualTo(2);
        assertThat(batches.get(0).get("failure").isNull()).isTrue();
        JsonNode failure = batches.get(1).get("failure");
        assertThat(failure.get("stepName").asString()).isEqualTo("sample rows of raw.order_src");
        assertThat(failure.get("load").isNull()).isTrue();
        assertThat(failure.get("message").asString()).contains("'x'").contains("INTEGER");
    }

    @Test
    void aCycleAndALoadWithoutSqlAreRefusedNamingTheLoads() {
        long cyclePackage = api.create("/api/v1/packages", obj("name", "try_cycle")).get("id").asLong();
        for (String name : List.of("a", "b")) {
            api.create("/api/v1/entities", obj("packageName", "try_cycle", "entityType", "STAGE", "schema", "stage",
                    "name", "cyc_" + name, "logicalName", "cyc_" + name, "attributes", List.of(
                            obj("name", "id", "datatype", "VARCHAR", "dataLength", 10))));
        }
        api.create("/api/v1/loads", obj("name", "load_cyc_a", "target", "stage.cyc_a", "mappings", List.of(obj(
                "source", "stage.cyc_b", "mappingType", "SOURCE", "attributes", List.of(
                        obj("target", "id", "sources", List.of("id")))))));
        api.create("/api/v1/loads", obj("name", "load_cyc_b", "target", "stage.cyc_b", "mappings", List.of(obj(
                "source", "stage.cyc_a", "mappingType", "SOURCE", "attributes", List.of(
                        obj("target", "id", "sources", List.of("id")))))));
        Api.Answer cycle = api.send(HttpMethod.GET, "/api/v1/packages/" + cyclePackage + "/try", null);
        assertThat(cycle.status()).as(cycle.body()).isEqualTo(400);
        JsonNode error = cycle.json().get("errors").get(0);
        assertThat(error.get("field").asString()).isEqualTo("loads");
        assertThat(error.get("message").asString()).isEqualTo("Loads depend on each other in a cycle:"
                + " load_cyc_a (stage.cyc_a <- stage.cyc_b), load_cyc_b (stage.cyc_b <- stage.cyc_a)");

        // A load whose SQL cannot be generated: the team's CURRENT_TS reads a load option this load lacks.
        long badPackage = api.create("/api/v1/packages", obj("name", "try_nosql")).get("id").asLong();
        api.create("/api/v1/entities", obj("packageName", "try_nosql", "entityType", "STAGE", "schema", "stage",
                "name", "nosql", "logicalName", "nosql", "attributes", List.of(
                        obj("name", "id", "datatype", "VARCHAR", "dataLength", 10),
                        obj("name", "at", "datatype", "TIMESTAMP"))));
        api.create("/api/v1/loads", obj("name", "load_nosql", "target", "stage.nosql", "mappings", List.of(obj(
                "source", "raw.customer_src", "mappingType", "SOURCE", "attributes", List.of(
                        obj("target", "id", "sources", List.of("customer_id")),
                        obj("target", "at", "sources", List.of(), "transformationType", "CURRENT_TS"))))));
        Api.Answer noSql = api.send(HttpMethod.POST, "/api/v1/packages/" + badPackage + "/try",
                obj("batches", List.of(obj("tables", Map.of()))));
        assertThat(noSql.status()).as(noSql.body()).isEqualTo(400);
        error = noSql.json().get("errors").get(0);
        assertThat(error.get("field").asString()).isEqualTo("loads[0]");
        assertThat(error.get("value").asString()).isEqualTo("load_nosql");
        assertThat(error.get("message").asString()).startsWith("has no DuckDB SQL: Load 'load_nosql'");
        assertThat(noSql.body()).doesNotContain("Exception").doesNotContain("io.loadsmith");
    }

    @Test
    void aPackageWithoutLoadsIsRefused() {
        long empty = api.create("/api/v1/packages", obj("name", "try_empty")).get("id").asLong();
        Api.Answer answer = api.send(HttpMethod.GET, "/api/v1/packages/" + empty + "/try", null);
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(answer.json().get("errors").get(0).get("message").asString())
                .isEqualTo("Package 'try_empty' has no loads to try");
        assertThat(api.send(HttpMethod.GET, "/api/v1/packages/999999/try", null).status()).isEqualTo(404);
    }

    // ------------------------------------------------------------------ the page

    private Document page(org.springframework.test.web.servlet.RequestBuilder request) throws Exception {
        var response = mvc.perform(request).andReturn().getResponse();
        assertThat(response.getStatus()).isEqualTo(200);
        return Jsoup.parse(response.getContentAsString(StandardCharsets.UTF_8));
    }

    @Test
    void thePackagePageLinksToThePanelWhichRunsBatchesOfGridRows() throws Exception {
        Document pkg = page(MockMvcRequestBuilders.get("/packages/dv_e2e"));
        assertThat(pkg.select("#package-try").attr("href")).isEqualTo("/packages/dv_e2e/try");

        Document start = page(MockMvcRequestBuilders.get("/packages/dv_e2e/try"));
        assertThat(start.select("h1").text()).isEqualTo("Try the model of dv_e2e");
        assertThat(start.select("#model-loads li")).hasSize(12);
        assertThat(start.select("#model-loads li").first().text()).isEqualTo("load_stg_customer → stage.stg_customer");
        assertThat(start.select("details.try-input summary strong").eachText())
                .containsExactly("raw.customer_src", "raw.order_src");

        // The grid as the browser sends it: one customer, no order; the htmx request gets the panel alone.
        Document ran = page(MockMvcRequestBuilders.post("/packages/dv_e2e/try").header("HX-Request", "true")
                .param("action", "run").param("history", "[]")
                .param("t0.rows", "1").param("t0.r0.c0", "dora").param("t0.r0.c1", "Dee").param("t0.r0.c2", "Oslo")
                .param("t0.r0.c3", "777").param("t0.r0.c4", T1).param("t0.r0.c5", "crm").param("t1.rows", "0"));
        assertThat(ran.select("h1")).isEmpty();
        assertThat(ran.select("#batch-1 .try-failure")).isEmpty();
        assertThat(ran.select("#batch-1 h3").eachText()).contains("rdv.H_CUSTOMER: 1 new, 0 closed, 0 changed, 0 unchanged",
                "rdv.H_ORDER: 0 new, 0 closed, 0 changed, 0 unchanged");
        assertThat(ran.select("#run-batch").text()).isEqualTo("Run batch 2");
        assertThat(ran.select("input[name=history]").val()).contains("\"customer_id\":\"dora\"");
    }

    @Test
    void aStatementThatFailsIsShownWithItsLoadAndARefusalStandsInThePanel() throws Exception {
        Document failed = page(MockMvcRequestBuilders.post("/packages/dv_e2e/try").param("action", "run").param("history", "[]")
                .param("t0.rows", "0").param("t1.rows", "1").param("t1.r0.c0", "o9").param("t1.r0.c2", "x"));
        assertThat(failed.select("#batch-1 summary").text()).isEqualTo("Batch 1: failed");
        assertThat(failed.select("#batch-1 .try-failure").text()).contains("sample rows of raw.order_src failed", "'x'");

        // erin without a load time: the hub's NOT NULL dv_load_time refuses her; the heading names the load.
        Document hub = page(MockMvcRequestBuilders.post("/packages/dv_e2e/try").param("action", "run").param("history", "[]")
                .param("t0.rows", "1").param("t0.r0.c0", "erin").param("t1.rows", "0"));
        assertThat(hub.select("#batch-1 .try-failure strong").text())
                .isEqualTo("Load load_h_customer: Step 1 (load_h_customer) failed");
        assertThat(hub.select("#batch-1 .try-failure pre").text()).startsWith("INSERT INTO rdv.H_CUSTOMER");

        api.create("/api/v1/packages", obj("name", "try_page_empty"));
        Document empty = page(MockMvcRequestBuilders.get("/packages/try_page_empty/try"));
        assertThat(empty.select("#try-problem").text()).isEqualTo("Package 'try_page_empty' has no loads to try");
        assertThat(empty.select("#try-form")).isEmpty();
        assertThat(empty.text()).doesNotContain("Exception");
    }
}
