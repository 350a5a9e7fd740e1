package io.loadsmith.engine;

import static io.loadsmith.engine.DvFixture.CUSTOMER_ID;
import static io.loadsmith.engine.DvFixture.CUSTOMER_STG;
import static io.loadsmith.engine.DvFixture.DV_ID;
import static io.loadsmith.engine.DvFixture.DV_ID_CUSTOMER;
import static io.loadsmith.engine.DvFixture.DV_ID_PRODUCT;
import static io.loadsmith.engine.DvFixture.DV_LOAD_TIME;
import static io.loadsmith.engine.DvFixture.DV_RECORD_SOURCE;
import static io.loadsmith.engine.DvFixture.HUB;
import static io.loadsmith.engine.DvFixture.LINK;
import static io.loadsmith.engine.DvFixture.LOAD_TS;
import static io.loadsmith.engine.DvFixture.ORDER_STG;
import static io.loadsmith.engine.DvFixture.REC_SRC;
import static io.loadsmith.engine.DvFixture.batch;
import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.MappingModel;

/**
 * Generated HUB and LINK loads (templates/generated_hub, generated_link) executed batch after batch
 * on every engine; rules 1, 2, 9-13 of dv-semantics.md. Hash values are MD5s of the texts in the
 * comments, written out by hand.
 */
class GeneratedHubLinkExecutionTest {

    static final String ALICE = "b6b818304a439f91fc90b3fe8dd35be8";
    static final String BOB = "355938cfe3b73a624297591972d27c01";
    static final String MINUS_ONE = "6bb61e3b7bce0931da574d19d1d82c88";
    static final String CAROL = "8f40b46d795347d0ec0b1a0163b116b2";

    private static final String HUB_ROWS = "SELECT dv_id, business_key, dv_load_time, dv_record_source FROM dv.hub_customer";

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void hubInsertsEachKeyOnceWithItsFirstAppearance(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, HUB)) {
            String sql = Loads.sql(DvFixture.load("load_hub_customer", HUB, DvFixture.hubMapping()), engine.dialect());
            // Spellings of one key meet (trim, upper case); a key twice in a batch goes in once, with the
            // earliest load time and then the lowest record source; NULL, '' and blank keys are '-1'.
            batch(db, CUSTOMER_STG, "(' alice ', 'Ann', 'Oslo', TIMESTAMP '2024-01-01 10:00:00', 'B'),"
                    + " ('ALICE', 'Ann', 'Oslo', TIMESTAMP '2024-01-01 10:00:00', 'A'),"
                    + " ('Alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-01 09:00:00', 'C'),"
                    + " ('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-02 00:00:00', 'X'),"
                    + " (NULL, 'N', 'N', TIMESTAMP '2024-01-03 00:00:00', 'A'),"
                    + " ('', 'E', 'E', TIMESTAMP '2024-01-02 00:00:00', 'B'),"
                    + " ('   ', 'S', 'S', TIMESTAMP '2024-01-02 00:00:00', 'A')");
            Loads.run(db, sql);
            List<List<String>> first = List.of(
                    row(BOB, "BOB", "2024-01-02 00:00:00", "X"),
                    row(MINUS_ONE, "-1", "2024-01-02 00:00:00", "A"),
                    row(ALICE, "ALICE", "2024-01-01 09:00:00", "C"));
            assertThat(Loads.sorted(db, HUB_ROWS)).isEqualTo(first);
            // A rerun of the multi-row batch inserts nothing.
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, HUB_ROWS)).isEqualTo(first);
            // A later batch with an earlier load time does not move a key; a new key goes in.
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2023-01-01 00:00:00', 'A'),"
                    + " ('Carol', 'C', 'C', TIMESTAMP '2024-02-01 00:00:00', 'Z')");
            Loads.run(db, sql);
            // An empty batch changes nothing.
            batch(db, CUSTOMER_STG, "");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, HUB_ROWS)).containsExactly(
                    row(BOB, "BOB", "2024-01-02 00:00:00", "X"),
                    row(MINUS_ONE, "-1", "2024-01-02 00:00:00", "A"),
                    row(CAROL, "CAROL", "2024-02-01 00:00:00", "Z"),
                    row(ALICE, "ALICE", "2024-01-01 09:00:00", "C"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void lowestRecordSourceIsByCodePoint(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, HUB)) {
            String sql = Loads.sql(DvFixture.load("load_hub_customer", HUB, DvFixture.hubMapping()), engine.dialect());
            // 'Z' < 'a' in code point order, whatever the database's collation says.
            batch(db, CUSTOMER_STG, "('bob', 'B', 'B', TIMESTAMP '2024-01-01 00:00:00', 'a'),"
                    + " ('bob', 'B', 'B', TIMESTAMP '2024-01-01 00:00:00', 'Z')");
            Loads.run(db, sql);
            assertThat(Loads.rows(db, "SELECT dv_record_source FROM dv.hub_customer")).containsExactly(row("Z"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void skipDuplicatePreventionDoesNotReadTheHub(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, HUB)) {
            LoadModel load = DvFixture.load("load_hub_customer", HUB, Map.of("OPT_SKIP_DUPLICATE_PREVENTION", "true"),
                    List.of(DvFixture.hubMapping()));
            String sql = Loads.sql(load, engine.dialect());
            batch(db, CUSTOMER_STG, "('bob', 'B', 'B', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('BOB', 'B', 'B', TIMESTAMP '2024-01-01 00:00:00', 'A')");
            Loads.run(db, sql);
            Loads.run(db, sql);
            // Still one row per key in a batch, but the second run does not look at the hub.
            assertThat(Loads.rows(db, "SELECT COUNT(*) FROM dv.hub_customer")).containsExactly(row("2"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void whereAndNotExistsWhereOptions(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, HUB)) {
            LoadModel load = DvFixture.load("load_hub_customer", HUB,
                    Map.of("OPT_WHERE", "s.rec_src <> 'skip'", "OPT_NOT_EXISTS_WHERE", "t.dv_record_source = 'A'"),
                    List.of(DvFixture.hubMapping()));
            String sql = Loads.sql(load, engine.dialect());
            batch(db, CUSTOMER_STG, "('bob', 'B', 'B', TIMESTAMP '2024-01-01 00:00:00', 'X'),"
                    + " ('carol', 'C', 'C', TIMESTAMP '2024-01-01 00:00:00', 'skip')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, "SELECT business_key FROM dv.hub_customer")).containsExactly(row("BOB"));
            // Only hub rows of record source A count as existing: BOB (from X) is inserted again.
            Loads.run(db, sql);
            assertThat(Loads.rows(db, "SELECT COUNT(*) FROM dv.hub_customer")).containsExactly(row("2"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void twoLoadsIntoOneHubInOneRun(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, ORDER_STG, HUB)) {
            String fromCustomers = Loads.sql(DvFixture.load("load_hub_customer", HUB, DvFixture.hubMapping()), engine.dialect());
            String fromOrders = Loads.sql(DvFixture.load("load_hub_customer_from_orders", HUB, DvFixture.mapping(ORDER_STG,
                    DvFixture.map(DvFixture.DV_ID, "HASH_KEY", DvFixture.CUSTOMER_ID),
                    DvFixture.map(DvFixture.BUSINESS_KEY, "BUSINESS_KEY", DvFixture.CUSTOMER_ID),
                    DvFixture.copy(DvFixture.DV_LOAD_TIME, DvFixture.LOAD_TS),
                    DvFixture.copy(DvFixture.DV_RECORD_SOURCE, DvFixture.REC_SRC))), engine.dialect());
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-02 00:00:00', 'crm')");
            // The orders know alice earlier, and bob; the load that runs first inserts alice.
            batch(db, ORDER_STG, "('ALICE', 'p1', TIMESTAMP '2024-01-01 00:00:00', 'shop'),"
                    + " ('bob', 'p1', TIMESTAMP '2024-01-01 00:00:00', 'shop')");
            Loads.run(db, fromCustomers);
            Loads.run(db, fromOrders);
            assertThat(Loads.sorted(db, HUB_ROWS)).containsExactly(
                    row(BOB, "BOB", "2024-01-01 00:00:00", "shop"),
                    row(ALICE, "ALICE", "2024-01-02 00:00:00", "crm"));
        }
    }

    private static final String LINK_ROWS = "SELECT dv_id, dv_id_customer, dv_id_product, dv_record_source FROM dv.link_order";

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void linkKeyHashesAllHubKeyPartsInMappingOrder(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, ORDER_STG, LINK)) {
            String sql = Loads.sql(DvFixture.load("load_link_order", LINK, DvFixture.linkMapping()), engine.dialect());
            // (a, p1) and (p1, a) are different links; a NULL part is '-1' and the row loads.
            batch(db, ORDER_STG, "('a', 'p1', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " (' A', 'P1 ', TIMESTAMP '2024-01-01 00:00:00', 'B'),"
                    + " ('p1', 'a', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('a', NULL, TIMESTAMP '2024-01-01 00:00:00', 'A')");
            Loads.run(db, sql);
            Loads.run(db, sql);
            String a = "7fc56270e7a70fa81a5935b72eacbe29";
            String p1 = "5f2b9323c39ee3c861a7b382d205c3d3";
            assertThat(Loads.sorted(db, LINK_ROWS)).containsExactly(
                    row("4f0083c2fe2cd77f410e07ea0087e76d", p1, a, "A"), // P1~A
                    row("5e5d824627147b8af68acc01ce50edf9", a, MINUS_ONE, "A"), // A~-1
                    row("f6d727b1fb67ce53e3daef097dc4ef6d", a, p1, "A")); // A~P1
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void linkWhoseKeyPartIsNamedLikeALinkColumnLoadsTheSameLinks(TargetEngine engine) throws Exception {
        // The product's key part is a stage column named dv_id, as the link key: the referencing keys
        // cannot be computed late from the batch's copy of the part (two columns dv_id), so they are
        // computed with the other columns, and the link is the same as from product_id.
        AttributeModel productAsDvId = attr("dv_id", "VARCHAR");
        EntityModel raw = DvFixture.typed("stage", "order_raw", "STAGE", CUSTOMER_ID, productAsDvId, LOAD_TS, REC_SRC);
        MappingModel rawMapping = DvFixture.mapping(raw, DvFixture.map(DV_ID, "HASH_KEY", CUSTOMER_ID, productAsDvId),
                DvFixture.map(DV_ID_CUSTOMER, "HASH_KEY", CUSTOMER_ID), DvFixture.map(DV_ID_PRODUCT, "HASH_KEY", productAsDvId),
                DvFixture.copy(DV_LOAD_TIME, LOAD_TS), DvFixture.copy(DV_RECORD_SOURCE, REC_SRC));
        try (Connection db = DvFixture.open(engine, raw, LINK)) {
            String sql = Loads.sql(DvFixture.load("load_link_order", LINK, rawMapping), engine.dialect());
            batch(db, raw, "('a', 'p1', TIMESTAMP '2024-01-01 00:00:00', 'B'),"
                    + " (' A', 'P1 ', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('p1', 'a', TIMESTAMP '2024-01-02 00:00:00', 'A')");
            Loads.run(db, sql);
            Loads.run(db, sql);
            String a = "7fc56270e7a70fa81a5935b72eacbe29";
            String p1 = "5f2b9323c39ee3c861a7b382d205c3d3";
            assertThat(Loads.sorted(db, LINK_ROWS)).containsExactly(
                    row("4f0083c2fe2cd77f410e07ea0087e76d", p1, a, "A"), // P1~A
                    row("f6d727b1fb67ce53e3daef097dc4ef6d", a, p1, "A")); // A~P1, lowest record source
        }
    }
}
