package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.loadsmith.engine.TargetEngine;

/**
 * Issue 47 end to end: the small Data Vault of {@link DataVaultModelOverApi} (the commercial designer's
 * default configuration imported, then through the REST API with mappings only: two raw tables, two
 * stages, a customer hub fed by both stages, an order hub, a customer-order link, a customer
 * satellite and its SAT_C view, a multi-active phone satellite and its SAT_MA_C view, a status
 * satellite and a PSA of the orders). On PostgreSQL 17, DuckDB and H2 the tables are created from the
 * entities' DDL, and the loads' SQL (from the API) runs in the SQL package's run order over batches
 * of raw rows; after each batch every table and view is compared with rows written out by hand
 * (dv-semantics.md): NULL, '' and blank keys, spellings of one key meeting, a key from both stages or
 * from one, A -> B -> A across batches and within one, multi-active sets unchanged (reordered,
 * repeated) and changed, a key leaving and coming back to the full extract, rows older than a key's
 * latest, reruns, an empty batch and a conflicting one. Hashes are shown as {@code md5(<text>)}: the
 * text is written here by hand, and {@link #label} finds the hash of each text it was given.
 */
@SpringBootTest
@AutoConfigureMockMvc
@org.springframework.context.annotation.Import(SignedInMockMvc.class)
@WithMockUser(username = "admin", roles = "ADMIN")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DataVaultOverApiH2Test {

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        // Its own H2 store (like H2StoreTest, but not its database): the imported names (HUB, HASH_KEY)
        // must not meet other tests' fixtures.
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:dvoverapi;DB_CLOSE_DELAY=-1");
        registry.add("spring.flyway.locations", () -> "classpath:db/migration");
    }

    @Autowired
    MockMvc mvc;

    private DataVaultModelOverApi model;

    @BeforeAll
    void buildTheModelThroughTheApi() throws Exception {
        model = new DataVaultModelOverApi(new Api(mvc));
        model.build();
    }

    /** One engine's database: the model's tables and views, and its loads and run check in the SQL package's run order. */
    private final class Run {
        final TargetEngine engine;
        final Connection db;
        final List<String> loads = new ArrayList<>();
        private final Map<String, String> generated = new HashMap<>();

        Run(TargetEngine engine, Connection db) throws Exception {
            this.engine = engine;
            this.db = db;
            TargetEngine.execute(db, "CREATE SCHEMA raw; CREATE SCHEMA stage; CREATE SCHEMA rdv; CREATE SCHEMA psa");
            for (String path : model.runOrder(engine.dialect())) {
                if (path.startsWith("ddl/")) {
                    String entity = path.substring("ddl/".length(), path.length() - ".sql".length());
                    TargetEngine.execute(db, model.ddl(entity, engine.dialect()));
                } else if (path.startsWith("loads/")) {
                    loads.add(path.substring("loads/".length(), path.length() - ".sql".length()));
                } else if (path.startsWith("checks/")) {
                    loads.add(path.substring(0, path.length() - ".sql".length()));
                    generated.put(path.substring(0, path.length() - ".sql".length()), model.packageFile(engine.dialect(), path));
                }
            }
        }

        /** Replaces the raw tables' rows with the batch, then runs every load (and the run check) once, in run order. */
        void batch(String customers, String orders, String runTime) throws Exception {
            model.setRunTime(runTime);
            TargetEngine.execute(db, "DELETE FROM raw.customer_src; DELETE FROM raw.order_src");
            if (!customers.isBlank()) {
                TargetEngine.execute(db, "INSERT INTO raw.customer_src (customer_id, name, city, phone, load_ts, rec_src) VALUES " + customers);
            }
            if (!orders.isBlank()) {
                TargetEngine.execute(db, "INSERT INTO raw.order_src (order_id, customer_id, amount, load_ts, rec_src) VALUES " + orders);
            }
            for (String load : loads) {
                // Only the status satellite's SQL changes between batches (its RUN_TIME option).
                String sql = load.equals("load_s_customer_status") ? model.sql(load, engine.dialect())
                        : generated.computeIfAbsent(load, name -> model.sql(name, engine.dialect()));
                try {
                    TargetEngine.execute(db, sql);
                } catch (java.sql.SQLException e) {
                    throw new AssertionError(engine + ", load " + load + ": " + e.getMessage(), e);
                }
            }
        }

        String table(String query) throws Exception {
            return TargetEngine.rows(db, query).stream()
                    .map(row -> row.stream().map(DataVaultOverApiH2Test::label).collect(Collectors.joining(" | ")))
                    .sorted().collect(Collectors.joining("\n", "", "\n"));
        }
    }

    // ------------------------------------------------------------------ hashes shown as their texts

    private static final Map<String, String> LABELS = new HashMap<>();

    static {
        for (String text : List.of("ALICE", "BOB", "CAROL", "-1", "O1", "O2", "O3", "ALICE~O1", "-1~O2", "BOB~O3",
                "Ann~Oslo", "Ann~Bergen", "Bob~Rome", "Cat~Oslo", "Nobody~X",
                "111~222", "111", "333", "444",
                "o1~ALICE~10~shop", "o2~  ~5~shop", "o3~bob~7~shop", "o1~alice~10~shop", "o1~alice~12~shop",
                "DAVE", "O4", "DAVE~O4", "o4~dave~3~shop", "ERIN", "Eve~Oslo", "Cat~Paris", "555",
                "FAY", "O5", "FAY~O5", "o5~FAY~1~web", "o5~fay~1~shop",
                "GUS", "O6", "GUS~O6", "Gus~Oslo", "Cat~Lima", "666", "o6~gus~2~shop")) {
            LABELS.put(md5(text), "md5(" + text + ")");
        }
    }

    static String md5(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String label(String value) {
        return value == null ? "null" : LABELS.getOrDefault(value, value);
    }

    // ------------------------------------------------------------------ the scenario

    private static final String HUB_CUSTOMER = "SELECT dv_id, customer_bk, dv_load_time, dv_record_source FROM rdv.H_CUSTOMER";
    private static final String HUB_ORDER = "SELECT dv_id, order_bk, dv_load_time, dv_record_source FROM rdv.H_ORDER";
    private static final String LINK = "SELECT dv_id, dv_id_customer, dv_id_order, dv_load_time, dv_record_source"
            + " FROM rdv.L_CUSTOMER_ORDER";
    private static final String SAT = "SELECT dv_id, dv_load_time, dv_record_source, dv_datahash, name, city FROM rdv.S_CUSTOMER";
    private static final String SAT_C = "SELECT dv_id, dv_load_time, name, city FROM rdv.S_CUSTOMER_C";
    private static final String SAT_MA = "SELECT dv_id, dv_load_time, dv_record_source, dv_datahash, phone FROM rdv.S_CUSTOMER_PHONE";
    private static final String SAT_MA_C = "SELECT dv_id, dv_load_time, phone FROM rdv.S_CUSTOMER_PHONE_C";
    private static final String STATUS = "SELECT dv_id, dv_load_time, dv_status, dv_record_source FROM rdv.S_CUSTOMER_STATUS";
    private static final String PSA = "SELECT dw_id, dv_load_time, dw_hash, order_id, customer_id, amount, rec_src FROM psa.P_ORDER";

    /** Every table and view of the vault, as rows written out by hand (any order: both sides are sorted). */
    record Vault(String hubCustomer, String hubOrder, String link, String sat, String satC, String satMa, String satMaC,
                 String status, String psa) {

        void check(Run run, String when) throws Exception {
            assertThat(run.table(HUB_CUSTOMER)).as("%s, %s, H_CUSTOMER", run.engine, when).isEqualTo(sorted(hubCustomer));
            assertThat(run.table(HUB_ORDER)).as("%s, %s, H_ORDER", run.engine, when).isEqualTo(sorted(hubOrder));
            assertThat(run.table(LINK)).as("%s, %s, L_CUSTOMER_ORDER", run.engine, when).isEqualTo(sorted(link));
            assertThat(run.table(SAT)).as("%s, %s, S_CUSTOMER", run.engine, when).isEqualTo(sorted(sat));
            assertThat(run.table(SAT_C)).as("%s, %s, S_CUSTOMER_C", run.engine, when).isEqualTo(sorted(satC));
            assertThat(run.table(SAT_MA)).as("%s, %s, S_CUSTOMER_PHONE", run.engine, when).isEqualTo(sorted(satMa));
            assertThat(run.table(SAT_MA_C)).as("%s, %s, S_CUSTOMER_PHONE_C", run.engine, when).isEqualTo(sorted(satMaC));
            assertThat(run.table(STATUS)).as("%s, %s, S_CUSTOMER_STATUS", run.engine, when).isEqualTo(sorted(status));
            assertThat(run.table(PSA)).as("%s, %s, P_ORDER", run.engine, when).isEqualTo(sorted(psa));
        }
    }

    private static final String T0 = "TIMESTAMP '2023-12-31 00:00:00'";
    private static final String T1 = "TIMESTAMP '2024-01-01 00:00:00'";
    private static final String T2 = "TIMESTAMP '2024-01-02 00:00:00'";
    private static final String T3 = "TIMESTAMP '2024-01-03 00:00:00'";
    private static final String T5A = "TIMESTAMP '2024-01-05 00:00:00'";
    private static final String T5B = "TIMESTAMP '2024-01-05 06:00:00'";
    private static final String T5C = "TIMESTAMP '2024-01-05 09:00:00'";
    private static final String T6 = "TIMESTAMP '2024-01-06 00:00:00'";

    // Batch 1: alice with two phones (one satellite state), bob, a NULL key; orders of 'ALICE' and of a blank key.
    private static final String CUSTOMERS_1 = "('alice', 'Ann', 'Oslo', '111', " + T1 + ", 'crm'),"
            + " ('alice', 'Ann', 'Oslo', '222', " + T1 + ", 'crm'), ('bob', 'Bob', 'Rome', '333', " + T1 + ", 'crm'),"
            + " (NULL, 'Nobody', 'X', NULL, " + T1 + ", 'crm')";
    private static final String ORDERS_1 = "('o1', 'ALICE', 10, " + T1 + ", 'shop'), ('o2', '  ', 5, " + T1 + ", 'shop')";
    // Batch 2: ALICE moves to Bergen and keeps one phone; bob unchanged; carol new; the NULL key comes as ''.
    private static final String CUSTOMERS_2 = "('ALICE', 'Ann', 'Bergen', '111', " + T2 + ", 'crm'),"
            + " ('bob', 'Bob', 'Rome', '333', " + T2 + ", 'crm'), ('carol', 'Cat', 'Oslo', '444', " + T2 + ", 'crm'),"
            + " ('', 'Nobody', 'X', NULL, " + T2 + ", 'crm')";
    private static final String ORDERS_2 = "('o1', 'alice', 10, " + T2 + ", 'shop'), ('o3', 'bob', 7, " + T2 + ", 'shop')";
    // Batch 3: alice back to Oslo with both phones (A -> B -> A); bob missing from the full extract; carol
    // respelled ' Carol ' with the same payload; dave is known to the orders only.
    private static final String CUSTOMERS_3 = "('alice', 'Ann', 'Oslo', '222', " + T3 + ", 'crm'),"
            + " ('alice', 'Ann', 'Oslo', '111', " + T3 + ", 'crm'), (' Carol ', 'Cat', 'Oslo', '444', " + T3 + ", 'crm'),"
            + " (NULL, 'Nobody', 'X', NULL, " + T3 + ", 'crm')";
    private static final String ORDERS_3 = "('o1', 'alice', 12, " + T3 + ", 'shop'), ('o4', 'dave', 3, " + T3 + ", 'shop')";
    // Batch 5, several load times: carol Oslo -> Paris -> Oslo within the batch (the first equals her latest row)
    // plus a row older than her latest; alice's set again as 222, 111, 111 (the same set); bob back; the
    // blank key as '   '; erin new, delivered by two record sources at one load time; o2 again, older than its hub row.
    private static final String CUSTOMERS_5 = "('carol', 'Cat', 'Oslo', '444', " + T5A + ", 'crm'),"
            + " ('carol', 'Cat', 'Paris', '444', " + T5B + ", 'crm'), ('carol', 'Cat', 'Oslo', '444', " + T5C + ", 'crm'),"
            + " ('carol', 'Cat', 'Rome', '555', " + T1 + ", 'crm'),"
            + " ('alice', 'Ann', 'Oslo', '222', " + T5A + ", 'crm'), ('alice', 'Ann', 'Oslo', '111', " + T5A + ", 'crm'),"
            + " ('alice', 'Ann', 'Oslo', '111', " + T5A + ", 'crm'), ('bob', 'Bob', 'Rome', '333', " + T5A + ", 'crm'),"
            + " ('   ', 'Nobody', 'X', NULL, " + T5A + ", 'crm'),"
            + " ('erin', 'Eve', 'Oslo', '555', " + T5A + ", 'web'), ('erin', 'Eve', 'Oslo', '555', " + T5A + ", 'crm')";
    // fay is new to both hubs: her later row (record source 'shop') comes first, her earlier one is 'web'.
    private static final String ORDERS_5 = "('o2', '  ', 5, " + T0 + ", 'shop'),"
            + " ('o5', 'fay', 1, " + T5B + ", 'shop'), ('o5', 'FAY', 1, " + T5A + ", 'web')";
    // Batch 6: two rows of carol at one load time with different payloads, and gus, new to the customer hub,
    // the order hub (o6) and the link, whom the hub and link loads would insert before the satellite's load.
    private static final String CUSTOMERS_6 = "('carol', 'Cat', 'Rome', '444', " + T6 + ", 'crm'),"
            + " ('carol', 'Cat', 'Lima', '444', " + T6 + ", 'crm'), ('gus', 'Gus', 'Oslo', '666', " + T6 + ", 'crm')";
    private static final String ORDERS_6 = "('o6', 'gus', 2, " + T6 + ", 'shop')";

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void batchesThroughEveryLoad(TargetEngine engine) throws Exception {
        try (Connection db = engine.open()) {
            Run run = new Run(engine, db);
            // The SQL package's run order: the stages the checked satellite and PSA read, the run check (rule 17
            // for the whole run), then what reads the stages (by name among the ready ones).
            assertThat(run.loads).containsExactly("load_stg_customer", "load_stg_order", "checks/conflicts",
                    "load_h_customer", "load_h_customer_from_order", "load_h_order", "load_l_customer_order",
                    "load_p_order", "load_s_customer", "load_s_customer_c", "load_s_customer_phone",
                    "load_s_customer_phone_c", "load_s_customer_status");
            // The check file: the PSA's and the satellite's checks (the multi-active satellite has none), in run order.
            String checks = run.generated.get("checks/conflicts");
            assertThat(checks).startsWith("/* load_p_order */\nSELECT ").contains(";\n\n/* load_s_customer */\nSELECT ");
            assertThat(checks.split("AS load_check_failed", -1)).hasSize(3);

            run.batch(CUSTOMERS_1, ORDERS_1, "2024-01-01T12:00:00");
            // 'ALICE' (orders) meets 'alice' (customers); NULL and '  ' are the key '-1', loaded once, by the load
            // that runs first (the customers' hub load, so its record source). alice's two rows (two phones) are
            // one satellite state; a NULL phone is the member '-1'.
            String hub1 = """
                    md5(-1) | -1 | 2024-01-01 00:00:00 | crm
                    md5(ALICE) | ALICE | 2024-01-01 00:00:00 | crm
                    md5(BOB) | BOB | 2024-01-01 00:00:00 | crm
                    """;
            String hubOrder1 = """
                    md5(O1) | O1 | 2024-01-01 00:00:00 | shop
                    md5(O2) | O2 | 2024-01-01 00:00:00 | shop
                    """;
            String link1 = """
                    md5(ALICE~O1) | md5(ALICE) | md5(O1) | 2024-01-01 00:00:00 | shop
                    md5(-1~O2) | md5(-1) | md5(O2) | 2024-01-01 00:00:00 | shop
                    """;
            String sat1 = """
                    md5(-1) | 2024-01-01 00:00:00 | crm | md5(Nobody~X) | Nobody | X
                    md5(ALICE) | 2024-01-01 00:00:00 | crm | md5(Ann~Oslo) | Ann | Oslo
                    md5(BOB) | 2024-01-01 00:00:00 | crm | md5(Bob~Rome) | Bob | Rome
                    """;
            String satC1 = """
                    md5(-1) | 2024-01-01 00:00:00 | Nobody | X
                    md5(ALICE) | 2024-01-01 00:00:00 | Ann | Oslo
                    md5(BOB) | 2024-01-01 00:00:00 | Bob | Rome
                    """;
            String satMa1 = """
                    md5(-1) | 2024-01-01 00:00:00 | crm | md5(-1) | null
                    md5(ALICE) | 2024-01-01 00:00:00 | crm | md5(111~222) | 111
                    md5(ALICE) | 2024-01-01 00:00:00 | crm | md5(111~222) | 222
                    md5(BOB) | 2024-01-01 00:00:00 | crm | md5(333) | 333
                    """;
            String satMaC1 = """
                    md5(-1) | 2024-01-01 00:00:00 | null
                    md5(ALICE) | 2024-01-01 00:00:00 | 111
                    md5(ALICE) | 2024-01-01 00:00:00 | 222
                    md5(BOB) | 2024-01-01 00:00:00 | 333
                    """;
            String status1 = """
                    md5(-1) | 2024-01-01 12:00:00 | 1 | crm
                    md5(ALICE) | 2024-01-01 12:00:00 | 1 | crm
                    md5(BOB) | 2024-01-01 12:00:00 | 1 | crm
                    """;
            // o2's customer '  ' shows as nothing (table text drops trailing blanks); its datahash keeps both.
            String psa1 = """
                    md5(O1) | 2024-01-01 00:00:00 | md5(o1~ALICE~10~shop) | o1 | ALICE | 10 | shop
                    md5(O2) | 2024-01-01 00:00:00 | md5(o2~  ~5~shop) | o2 |  | 5 | shop
                    """;
            new Vault(hub1, hubOrder1, link1, sat1, satC1, satMa1, satMaC1, status1, psa1).check(run, "batch 1");

            run.batch(CUSTOMERS_2, ORDERS_2, "2024-01-02T12:00:00");
            String hub2 = hub1 + """
                    md5(CAROL) | CAROL | 2024-01-02 00:00:00 | crm
                    """;
            String hubOrder2 = hubOrder1 + """
                    md5(O3) | O3 | 2024-01-02 00:00:00 | shop
                    """;
            String link2 = link1 + """
                    md5(BOB~O3) | md5(BOB) | md5(O3) | 2024-01-02 00:00:00 | shop
                    """;
            // ALICE moved (a change); bob and '' (the -1 key) delivered the same state again (no change).
            String sat2 = sat1 + """
                    md5(ALICE) | 2024-01-02 00:00:00 | crm | md5(Ann~Bergen) | Ann | Bergen
                    md5(CAROL) | 2024-01-02 00:00:00 | crm | md5(Cat~Oslo) | Cat | Oslo
                    """;
            String satC2 = """
                    md5(-1) | 2024-01-01 00:00:00 | Nobody | X
                    md5(ALICE) | 2024-01-02 00:00:00 | Ann | Bergen
                    md5(BOB) | 2024-01-01 00:00:00 | Bob | Rome
                    md5(CAROL) | 2024-01-02 00:00:00 | Cat | Oslo
                    """;
            // ALICE lost a phone: the whole new set {111}; bob's {333} and the -1 key's {-1} are unchanged.
            String satMa2 = satMa1 + """
                    md5(ALICE) | 2024-01-02 00:00:00 | crm | md5(111) | 111
                    md5(CAROL) | 2024-01-02 00:00:00 | crm | md5(444) | 444
                    """;
            String satMaC2 = """
                    md5(-1) | 2024-01-01 00:00:00 | null
                    md5(ALICE) | 2024-01-02 00:00:00 | 111
                    md5(BOB) | 2024-01-01 00:00:00 | 333
                    md5(CAROL) | 2024-01-02 00:00:00 | 444
                    """;
            String status2 = status1 + """
                    md5(CAROL) | 2024-01-02 12:00:00 | 1 | crm
                    """;
            // In the PSA the raw spelling is payload: 'ALICE' then 'alice' is a change.
            String psa2 = psa1 + """
                    md5(O1) | 2024-01-02 00:00:00 | md5(o1~alice~10~shop) | o1 | alice | 10 | shop
                    md5(O3) | 2024-01-02 00:00:00 | md5(o3~bob~7~shop) | o3 | bob | 7 | shop
                    """;
            Vault vault2 = new Vault(hub2, hubOrder2, link2, sat2, satC2, satMa2, satMaC2, status2, psa2);
            vault2.check(run, "batch 2");
            // A rerun of batch 2 (later the same day) inserts nothing anywhere.
            run.batch(CUSTOMERS_2, ORDERS_2, "2024-01-02T13:00:00");
            vault2.check(run, "batch 2 again");

            run.batch(CUSTOMERS_3, ORDERS_3, "2024-01-03T12:00:00");
            // dave comes from the orders' stage only: the second load into the customer hub inserts him.
            String hub3 = hub2 + """
                    md5(DAVE) | DAVE | 2024-01-03 00:00:00 | shop
                    """;
            String hubOrder3 = hubOrder2 + """
                    md5(O4) | O4 | 2024-01-03 00:00:00 | shop
                    """;
            String link3 = link2 + """
                    md5(DAVE~O4) | md5(DAVE) | md5(O4) | 2024-01-03 00:00:00 | shop
                    """;
            // Oslo again after Bergen (A -> B -> A) is a change; so is {111, 222} after {111}. ' Carol ' is CAROL
            // with the same payload: no change.
            String sat3 = sat2 + """
                    md5(ALICE) | 2024-01-03 00:00:00 | crm | md5(Ann~Oslo) | Ann | Oslo
                    """;
            String satC3 = """
                    md5(-1) | 2024-01-01 00:00:00 | Nobody | X
                    md5(ALICE) | 2024-01-03 00:00:00 | Ann | Oslo
                    md5(BOB) | 2024-01-01 00:00:00 | Bob | Rome
                    md5(CAROL) | 2024-01-02 00:00:00 | Cat | Oslo
                    """;
            String satMa3 = satMa2 + """
                    md5(ALICE) | 2024-01-03 00:00:00 | crm | md5(111~222) | 111
                    md5(ALICE) | 2024-01-03 00:00:00 | crm | md5(111~222) | 222
                    """;
            String satMaC3 = """
                    md5(-1) | 2024-01-01 00:00:00 | null
                    md5(ALICE) | 2024-01-03 00:00:00 | 111
                    md5(ALICE) | 2024-01-03 00:00:00 | 222
                    md5(BOB) | 2024-01-01 00:00:00 | 333
                    md5(CAROL) | 2024-01-02 00:00:00 | 444
                    """;
            // bob is missing from the full extract: status 0, with his latest row's record source. dave is no
            // customer of the stage the status satellite reads: nothing.
            String status3 = status2 + """
                    md5(BOB) | 2024-01-03 12:00:00 | 0 | crm
                    """;
            String psa3 = psa2 + """
                    md5(O1) | 2024-01-03 00:00:00 | md5(o1~alice~12~shop) | o1 | alice | 12 | shop
                    md5(O4) | 2024-01-03 00:00:00 | md5(o4~dave~3~shop) | o4 | dave | 3 | shop
                    """;
            Vault vault3 = new Vault(hub3, hubOrder3, link3, sat3, satC3, satMa3, satMaC3, status3, psa3);
            vault3.check(run, "batch 3");
            // An empty batch changes nothing (and is not "every key disappeared" for the status satellite).
            run.batch("", "", "2024-01-04T12:00:00");
            vault3.check(run, "empty batch 4");

            run.batch(CUSTOMERS_5, ORDERS_5, "2024-01-05T12:00:00");
            // erin once, with the lowest record source of her first load time; fay (and o5) with her earliest
            // load time, whatever its record source; o2's older row changes no hub row.
            String hub5 = hub3 + """
                    md5(ERIN) | ERIN | 2024-01-05 00:00:00 | crm
                    md5(FAY) | FAY | 2024-01-05 00:00:00 | web
                    """;
            String hubOrder5 = hubOrder3 + """
                    md5(O5) | O5 | 2024-01-05 00:00:00 | web
                    """;
            String link5 = link3 + """
                    md5(FAY~O5) | md5(FAY) | md5(O5) | 2024-01-05 00:00:00 | web
                    """;
            // carol: Oslo at 00:00 repeats her latest row (nothing), Paris at 06:00 and Oslo at 09:00 are changes;
            // her row of 2024-01-01 is older than her latest and ignored. alice, bob and '   ' repeat their latest.
            String sat5 = sat3 + """
                    md5(CAROL) | 2024-01-05 06:00:00 | crm | md5(Cat~Paris) | Cat | Paris
                    md5(CAROL) | 2024-01-05 09:00:00 | crm | md5(Cat~Oslo) | Cat | Oslo
                    md5(ERIN) | 2024-01-05 00:00:00 | crm | md5(Eve~Oslo) | Eve | Oslo
                    """;
            String satC5 = """
                    md5(-1) | 2024-01-01 00:00:00 | Nobody | X
                    md5(ALICE) | 2024-01-03 00:00:00 | Ann | Oslo
                    md5(BOB) | 2024-01-01 00:00:00 | Bob | Rome
                    md5(CAROL) | 2024-01-05 09:00:00 | Cat | Oslo
                    md5(ERIN) | 2024-01-05 00:00:00 | Eve | Oslo
                    """;
            // Sets: carol's {444} three times and alice's {222, 111, 111} equal their latest sets: nothing inserted.
            String satMa5 = satMa3 + """
                    md5(ERIN) | 2024-01-05 00:00:00 | crm | md5(555) | 555
                    """;
            String satMaC5 = satMaC3 + """
                    md5(ERIN) | 2024-01-05 00:00:00 | 555
                    """;
            // bob is back (status 1); erin is new; the others are still there.
            String status5 = status3 + """
                    md5(BOB) | 2024-01-05 12:00:00 | 1 | crm
                    md5(ERIN) | 2024-01-05 12:00:00 | 1 | crm
                    """;
            // o2's older row is ignored; o5's two rows differ (spelling, record source): both, in load-time order.
            String psa5 = psa3 + """
                    md5(O5) | 2024-01-05 00:00:00 | md5(o5~FAY~1~web) | o5 | FAY | 1 | web
                    md5(O5) | 2024-01-05 06:00:00 | md5(o5~fay~1~shop) | o5 | fay | 1 | shop
                    """;
            Vault vault5 = new Vault(hub5, hubOrder5, link5, sat5, satC5, satMa5, satMaC5, status5, psa5);
            vault5.check(run, "batch 5");
            // A rerun of a batch with several load times per key inserts nothing either.
            run.batch(CUSTOMERS_5, ORDERS_5, "2024-01-05T13:00:00");
            vault5.check(run, "batch 5 again");

            // Conflicting rows stop the run at its check, after the stages and before any vault load: the whole
            // vault is as before (gus is in no hub, link or satellite), and the message names the load and the key.
            assertThatThrownBy(() -> run.batch(CUSTOMERS_6, ORDERS_6, "2024-01-06T12:00:00"))
                    .hasMessageContaining("load checks/conflicts:")
                    .hasMessageContaining("generated SAT load load_s_customer into rdv.S_CUSTOMER")
                    .hasMessageContaining("the stage rows of key CAROL at load time 2024-01-06T00:00:00.000000 conflict");
            vault5.check(run, "conflicting batch 6");
            // The satellite's load run on its own (a scheduler that runs loads one by one) keeps its own check.
            assertThatThrownBy(() -> TargetEngine.execute(db, model.sql("load_s_customer", engine.dialect())))
                    .hasMessageContaining("the stage rows of key CAROL at load time 2024-01-06T00:00:00.000000 conflict");
            vault5.check(run, "conflicting batch 6, the satellite's load alone");

            // A clean batch after it loads normally: carol's Lima row, gus with his order.
            run.batch(CUSTOMERS_6.replace("('carol', 'Cat', 'Rome', '444', " + T6 + ", 'crm'), ", ""), ORDERS_6,
                    "2024-01-07T12:00:00");
            new Vault(hub5 + """
                    md5(GUS) | GUS | 2024-01-06 00:00:00 | crm
                    """, hubOrder5 + """
                    md5(O6) | O6 | 2024-01-06 00:00:00 | shop
                    """, link5 + """
                    md5(GUS~O6) | md5(GUS) | md5(O6) | 2024-01-06 00:00:00 | shop
                    """, sat5 + """
                    md5(CAROL) | 2024-01-06 00:00:00 | crm | md5(Cat~Lima) | Cat | Lima
                    md5(GUS) | 2024-01-06 00:00:00 | crm | md5(Gus~Oslo) | Gus | Oslo
                    """, satC5.replace("md5(CAROL) | 2024-01-05 09:00:00 | Cat | Oslo", "md5(CAROL) | 2024-01-06 00:00:00 | Cat | Lima")
                    + """
                    md5(GUS) | 2024-01-06 00:00:00 | Gus | Oslo
                    """, satMa5 + """
                    md5(GUS) | 2024-01-06 00:00:00 | crm | md5(666) | 666
                    """, satMaC5 + """
                    md5(GUS) | 2024-01-06 00:00:00 | 666
                    """, status5 + """
                    md5(ALICE) | 2024-01-07 12:00:00 | 0 | crm
                    md5(BOB) | 2024-01-07 12:00:00 | 0 | crm
                    md5(ERIN) | 2024-01-07 12:00:00 | 0 | crm
                    md5(-1) | 2024-01-07 12:00:00 | 0 | crm
                    md5(GUS) | 2024-01-07 12:00:00 | 1 | crm
                    """, psa5 + """
                    md5(O6) | 2024-01-06 00:00:00 | md5(o6~gus~2~shop) | o6 | gus | 2 | shop
                    """).check(run, "clean batch 7");
        }
    }

    /** The lines of a text block in code point order, as {@link Run#table} gives them. */
    static String sorted(String lines) {
        return lines.lines().sorted().collect(Collectors.joining("\n", "", "\n"));
    }
}
