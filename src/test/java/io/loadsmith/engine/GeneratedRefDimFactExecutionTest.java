package io.loadsmith.engine;

import static io.loadsmith.engine.DvFixture.CITY;
import static io.loadsmith.engine.DvFixture.CUSTOMER_ID;
import static io.loadsmith.engine.DvFixture.CUSTOMER_STG;
import static io.loadsmith.engine.DvFixture.DV_DATAHASH;
import static io.loadsmith.engine.DvFixture.DV_ID;
import static io.loadsmith.engine.DvFixture.DV_LOAD_TIME;
import static io.loadsmith.engine.DvFixture.DV_RECORD_SOURCE;
import static io.loadsmith.engine.DvFixture.NAME;
import static io.loadsmith.engine.DvFixture.batch;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.ALICE;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.BOB;
import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;

/**
 * Generated REF, DIM and FACT loads (insert or update by key and datahash) executed batch after
 * batch on every engine, by default and with OPT_INSERT_UPDATE_BY_ID_AS_MERGE and
 * OPT_INSERT_UPDATE_DELETE_BY_DATAHASH_AS_MERGE; rows and MD5s written out by hand.
 */
class GeneratedRefDimFactExecutionTest {

    static final String CAROL = "8f40b46d795347d0ec0b1a0163b116b2";
    /** HASH_KEY of a NULL or blank key: MD5('-1') (rule 12). */
    static final String MINUS_ONE = "6bb61e3b7bce0931da574d19d1d82c88";

    /** How the load writes: its options. */
    enum Mode {
        DEFAULT(Map.of()),
        MERGE(Map.of("OPT_INSERT_UPDATE_BY_ID_AS_MERGE", "true")),
        DELETE_MERGE(Map.of("OPT_INSERT_UPDATE_DELETE_BY_DATAHASH_AS_MERGE", "true"));

        final Map<String, String> options;

        Mode(Map<String, String> options) {
            this.options = options;
        }
    }

    private static final String ROWS = "SELECT dv_id, dv_load_time, dv_record_source, dv_datahash, name, city FROM dv.ref_customer";

    static EntityModel target(String entityType) {
        return DvFixture.typed("dv", "ref_customer", entityType, DV_ID, DV_LOAD_TIME, DV_RECORD_SOURCE, DV_DATAHASH,
                NAME, CITY);
    }

    static LoadModel load(String entityType, Mode mode) {
        return DvFixture.load("load_ref_customer", target(entityType), mode.options, List.of(DvFixture.satMapping()));
    }

    static Stream<Arguments> enginesTypesModes() {
        return Arrays.stream(TargetEngine.values()).flatMap(e -> Stream.of("REF", "DIM", "FACT")
                .flatMap(t -> Arrays.stream(Mode.values()).map(m -> Arguments.of(e, t, m))));
    }

    @ParameterizedTest(name = "{1} {2} on {0}")
    @MethodSource("enginesTypesModes")
    void insertsNewUpdatesChangedLeavesTheRest(TargetEngine engine, String entityType, Mode mode) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, target(entityType))) {
            String sql = Loads.sql(load(entityType, mode), engine.dialect());
            // Its one-row-per-key check, handed to the run's check file, is the load's own statement, not a copy.
            List<String> runChecks = Loads.runChecks(load(entityType, mode), engine.dialect());
            assertThat(runChecks).hasSize(1);
            assertThat(sql).contains(runChecks.get(0));
            // The default is UPDATE ... FROM plus INSERT where the dialect has UPDATE ... FROM, else one MERGE.
            boolean updateFrom = new io.loadsmith.dialect.DialectRegistry().get(engine.dialect()).supports("update_from");
            assertThat(sql).contains(mode == Mode.DEFAULT && updateFrom ? "UPDATE dv.ref_customer AS trg"
                    : "MERGE INTO dv.ref_customer trg");
            // alice: an exact duplicate under two record sources and again later (one row: earliest
            // time, lowest record source); NULL and blank keys are the one key '-1' (rule 12).
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'B'),"
                    + " ('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('ALICE ', 'Ann', 'Oslo', TIMESTAMP '2024-01-02 00:00:00', 'A'),"
                    + " ('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " (NULL, 'x', 'y', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " (' ', 'x', 'y', TIMESTAMP '2024-01-01 00:00:00', 'A')");
            Loads.run(db, runChecks.get(0));
            Loads.run(db, sql);
            List<List<String>> first = List.of(
                    row(BOB, "2024-01-01 00:00:00", "A", "981e47eb98d91f8bf03c84e721d4a919", "Bob", "Rome"),   // Bob~Rome
                    row(MINUS_ONE, "2024-01-01 00:00:00", "A", "08478f3170b416831c84709606ec6c77", "x", "y"),  // x~y
                    row(ALICE, "2024-01-01 00:00:00", "A", "e9e047225c910d794f6b2b690d30cfaf", "Ann", "Oslo")); // Ann~Oslo
            assertThat(Loads.sorted(db, ROWS)).isEqualTo(first);
            // The same batch again changes nothing (not even the load time); an empty batch changes
            // nothing either, also where absent keys are deleted (an empty full extract is no extract).
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, ROWS)).isEqualTo(first);
            batch(db, CUSTOMER_STG, "");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, ROWS)).isEqualTo(first);
            // alice's datahash changed: updated in place; bob unchanged: untouched (first time and
            // record source stay); carol new; '-1' absent: kept, or deleted by the delete option.
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Bergen', TIMESTAMP '2024-01-03 00:00:00', 'C'),"
                    + " ('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-03 00:00:00', 'C'),"
                    + " ('carol', 'Cat', 'Rome', TIMESTAMP '2024-01-03 00:00:00', 'C')");
            Loads.run(db, sql);
            List<List<String>> second = new java.util.ArrayList<>(List.of(
                    row(BOB, "2024-01-01 00:00:00", "A", "981e47eb98d91f8bf03c84e721d4a919", "Bob", "Rome"),
                    row(CAROL, "2024-01-03 00:00:00", "C", "4799ae39474d97cce907d2714430fa77", "Cat", "Rome"),  // Cat~Rome
                    row(ALICE, "2024-01-03 00:00:00", "C", "b7a0a44503b0f59d0fab2039470e0084", "Ann", "Bergen"))); // Ann~Bergen
            if (mode != Mode.DELETE_MERGE) {
                second.add(1, row(MINUS_ONE, "2024-01-01 00:00:00", "A", "08478f3170b416831c84709606ec6c77", "x", "y"));
            }
            assertThat(Loads.sorted(db, ROWS)).isEqualTo(second);
            // One key with two datahashes: refused before any write, naming the key; bob's change is not written.
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Paris', TIMESTAMP '2024-01-04 00:00:00', 'A'),"
                    + " ('Alice', 'Ann', 'Rome', TIMESTAMP '2024-01-04 00:00:00', 'B'),"
                    + " ('bob', 'Bob', 'Oslo', TIMESTAMP '2024-01-04 00:00:00', 'A')");
            assertThatThrownBy(() -> Loads.run(db, sql)).isInstanceOf(SQLException.class)
                    .hasMessageContaining("generated " + entityType + " load load_ref_customer into dv.ref_customer: the stage"
                            + " rows of key ALICE conflict (same key, different datahashes); nothing was loaded.");
            assertThat(Loads.sorted(db, ROWS)).isEqualTo(second);
            // The run's check alone refuses the batch the same way (it passed the first, clean one).
            assertThatThrownBy(() -> Loads.run(db, runChecks.get(0))).isInstanceOf(SQLException.class)
                    .hasMessageContaining("generated " + entityType + " load load_ref_customer into dv.ref_customer: the stage"
                            + " rows of key ALICE conflict");
        }
    }

    static Stream<Arguments> enginesAndTypes() {
        return Arrays.stream(TargetEngine.values()).flatMap(e -> Stream.of("REF", "DIM", "FACT").map(t -> Arguments.of(e, t)));
    }

    /** MD5 of DAVE and ERIN (rule 1). */
    static final String DAVE = "5c9f3d49bddc8782159945d11f88fa88";
    static final String ERIN = "d1929187cd625e967ac04e175c395297";

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("enginesAndTypes")
    void duplicatesInsideOneBatchWithNullDatahashParts(TargetEngine engine, String entityType) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, target(entityType))) {
            String sql = Loads.sql(load(entityType, Mode.DEFAULT), engine.dialect());
            assertThat(sql).contains("HAVING MIN(m.dv_datahash) <> MAX(m.dv_datahash)");
            // dave: NULL and '-1' are one datahash part (rule 6), so his two rows are an exact duplicate,
            // loaded once (earliest time); NULL vs '' are different parts (rule 3): erin's rows conflict.
            batch(db, CUSTOMER_STG, "('dave', NULL, 'Oslo', TIMESTAMP '2024-01-02 00:00:00', 'A'),"
                    + " ('dave', '-1', 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'B'),"
                    + " ('erin', NULL, 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('Erin', '', 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'A')");
            assertThatThrownBy(() -> Loads.run(db, sql)).isInstanceOf(SQLException.class)
                    .hasMessageContaining("the stage rows of key ERIN conflict (same key, different datahashes)");
            assertThat(Loads.sorted(db, ROWS)).isEmpty();
            batch(db, CUSTOMER_STG, "('dave', NULL, 'Oslo', TIMESTAMP '2024-01-02 00:00:00', 'A'),"
                    + " ('dave', '-1', 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'B'),"
                    + " ('erin', NULL, 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('Erin', NULL, 'Oslo', TIMESTAMP '2024-01-03 00:00:00', 'A')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, ROWS)).containsExactly(
                    row(DAVE, "2024-01-01 00:00:00", "B", "9c731c6f9b17c9f8d2db8a60dc4cf542", "-1", "Oslo"), // -1~Oslo
                    row(ERIN, "2024-01-01 00:00:00", "A", "9c731c6f9b17c9f8d2db8a60dc4cf542", null, "Oslo"));
        }
    }

    /** The formula of a BINARY datahash (MD5 of name~city as 16 bytes) in the engine's SQL. */
    private static String binaryMd5(TargetEngine engine) {
        String text = "COALESCE(s.name, '-1') || '~' || COALESCE(s.city, '-1')";
        return switch (engine) {
            case POSTGRESQL -> "DECODE(MD5(" + text + "), 'hex')";
            case H2 -> "HASH('MD5', " + text + ")";
            default -> "UNHEX(MD5(" + text + "))"; // DuckDB, and Spark in spark-it
        };
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("enginesAndTypes")
    void binaryDatahashConflictRefusedDuplicateOnce(TargetEngine engine, String entityType) throws Exception {
        // PostgreSQL 17 has no MIN / MAX of BYTEA: a BINARY datahash's check counts distinct values.
        AttributeModel binaryHash = attr("dv_datahash", "DV_DATAHASH", "BINARY", 16);
        EntityModel table = DvFixture.typed("dv", "ref_customer", entityType, DV_ID, DV_LOAD_TIME, DV_RECORD_SOURCE,
                binaryHash, NAME, CITY);
        var mapping = DvFixture.mapping(CUSTOMER_STG, DvFixture.map(DV_ID, "HASH_KEY", CUSTOMER_ID),
                DvFixture.copy(DV_LOAD_TIME, DvFixture.LOAD_TS), DvFixture.copy(DV_RECORD_SOURCE, DvFixture.REC_SRC),
                new io.loadsmith.generation.model.AttributeMappingModel(binaryHash, List.of(NAME, CITY), "CUSTOM", binaryMd5(engine)),
                DvFixture.copy(NAME, NAME), DvFixture.copy(CITY, CITY));
        String rows = "SELECT dv_id, dv_load_time, dv_record_source, name, city FROM dv.ref_customer";
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, table)) {
            String sql = Loads.sql(DvFixture.load("load_ref_customer", table, mapping), engine.dialect());
            assertThat(sql).contains("HAVING COUNT(DISTINCT m.dv_datahash) > 1");
            batch(db, CUSTOMER_STG, "('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-02 00:00:00', 'B')");
            Loads.run(db, sql);
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-05 00:00:00', 'A'),"
                    + " ('Alice', 'Ann', 'Rome', TIMESTAMP '2024-01-05 00:00:00', 'B'),"
                    + " ('bob', 'Bob', 'Oslo', TIMESTAMP '2024-01-05 00:00:00', 'A')");
            assertThatThrownBy(() -> Loads.run(db, sql)).isInstanceOf(SQLException.class)
                    .hasMessageContaining("the stage rows of key ALICE conflict (same key, different datahashes)");
            assertThat(Loads.sorted(db, rows)).containsExactly(row(BOB, "2024-01-01 00:00:00", "A", "Bob", "Rome"));
            batch(db, CUSTOMER_STG, "('bob', 'Bob', 'Oslo', TIMESTAMP '2024-01-06 00:00:00', 'A'),"
                    + " ('bob', 'Bob', 'Oslo', TIMESTAMP '2024-01-07 00:00:00', 'A')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, rows)).containsExactly(row(BOB, "2024-01-06 00:00:00", "A", "Bob", "Oslo"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void runLoadTimeWhenUnmappedAndOptionalWhenAbsent(TargetEngine engine) throws Exception {
        // No load time column at all; the key and datahash alone decide.
        EntityModel dim = DvFixture.typed("dv", "dim_city", "DIM", DV_ID, DV_DATAHASH, NAME);
        var mapping = DvFixture.mapping(CUSTOMER_STG, DvFixture.map(DV_ID, "HASH_KEY", CUSTOMER_ID),
                DvFixture.map(DV_DATAHASH, "HASH_DIFF", NAME), DvFixture.copy(NAME, NAME));
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, dim)) {
            String sql = Loads.sql(DvFixture.load("load_dim_city", dim, mapping), engine.dialect());
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', NULL, NULL), ('bob', 'Bob', 'Rome', NULL, NULL)");
            Loads.run(db, sql);
            batch(db, CUSTOMER_STG, "('alice', 'Anne', 'Oslo', NULL, NULL)");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, "SELECT dv_id, name FROM dv.dim_city")).containsExactly(row(BOB, "Bob"), row(ALICE, "Anne"));
        }
        // DV_LOAD_TIME present but unmapped: the run's time, set on insert and on update.
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, target("REF"))) {
            var noTime = DvFixture.mapping(CUSTOMER_STG, DvFixture.map(DV_ID, "HASH_KEY", CUSTOMER_ID),
                    DvFixture.map(DV_DATAHASH, "HASH_DIFF", NAME, CITY), DvFixture.copy(NAME, NAME), DvFixture.copy(CITY, CITY));
            String sql = Loads.sql(DvFixture.load("load_ref_customer", target("REF"), noTime), engine.dialect());
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', NULL, NULL)");
            Loads.run(db, sql);
            Loads.run(db, sql);
            assertThat(Loads.rows(db, "SELECT dv_id, city FROM dv.ref_customer WHERE dv_load_time IS NOT NULL"))
                    .containsExactly(row(ALICE, "Oslo"));
        }
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("enginesAndModes")
    void caseSensitiveNamesOnEveryEngine(TargetEngine engine, Mode mode) throws Exception {
        AttributeModel userId = attr("userId", "VARCHAR").withCaseSensitive(true);
        AttributeModel loadedAt = attr("loadedAt", "TIMESTAMP").withCaseSensitive(true);
        AttributeModel fullName = attr("fullName", "VARCHAR").withCaseSensitive(true);
        EntityModel stage = DvFixture.typed("stage", "userStage", "STAGE", userId, fullName, loadedAt).withCaseSensitive(true);
        AttributeModel refKey = attr("refKey", "DV_HASHKEY", "CHAR", 32).withCaseSensitive(true);
        AttributeModel hash = attr("dataHash", "DV_DATAHASH", "CHAR", 32).withCaseSensitive(true);
        AttributeModel time = attr("loadTime", "DV_LOAD_TIME", "TIMESTAMP", null).withCaseSensitive(true);
        EntityModel ref = DvFixture.typed("dv", "refUser", "REF", refKey, time, hash, fullName).withCaseSensitive(true);
        String stageTable = "stage." + DvFixture.quoted(engine, "userStage");
        try (Connection db = DvFixture.open(engine, stage, ref)) {
            String sql = Loads.sql(DvFixture.load("load_ref_user", ref, mode.options, List.of(DvFixture.mapping(stage,
                    DvFixture.map(refKey, "HASH_KEY", userId), DvFixture.copy(time, loadedAt),
                    DvFixture.map(hash, "HASH_DIFF", fullName), DvFixture.copy(fullName, fullName)))), engine.dialect());
            TargetEngine.execute(db, "INSERT INTO " + stageTable + " VALUES ('alice', 'Ann', TIMESTAMP '2024-01-01 00:00:00'),"
                    + " ('bob', 'Bob', TIMESTAMP '2024-01-01 00:00:00')");
            Loads.run(db, sql);
            TargetEngine.execute(db, "DELETE FROM " + stageTable + "; INSERT INTO " + stageTable + " VALUES"
                    + " ('Alice', 'Anne', TIMESTAMP '2024-01-02 00:00:00')");
            Loads.run(db, sql);
            Loads.run(db, sql);
            List<List<String>> expected = mode == Mode.DELETE_MERGE
                    ? List.of(row(ALICE, "2024-01-02 00:00:00", "Anne"))
                    : List.of(row(BOB, "2024-01-01 00:00:00", "Bob"), row(ALICE, "2024-01-02 00:00:00", "Anne"));
            assertThat(Loads.sorted(db, "SELECT " + DvFixture.quoted(engine, "refKey") + ", " + DvFixture.quoted(engine, "loadTime")
                    + ", " + DvFixture.quoted(engine, "fullName") + " FROM dv." + DvFixture.quoted(engine, "refUser")))
                    .isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("enginesAndModes")
    void optWhereNarrowsTheExtract(TargetEngine engine, Mode mode) throws Exception {
        Map<String, String> options = new java.util.HashMap<>(mode.options);
        options.put("OPT_WHERE", "s.rec_src <> 'X'");
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, target("FACT"))) {
            String sql = Loads.sql(DvFixture.load("load_fact_customer", target("FACT"), options,
                    List.of(DvFixture.satMapping())), engine.dialect());
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-01 00:00:00', 'A'),"
                    + " ('carol', 'Cat', 'Rome', TIMESTAMP '2024-01-01 00:00:00', 'X')");
            Loads.run(db, sql);
            // bob's row is filtered out: not in the extract, so the delete option deletes bob; a
            // filtered row of alice with another datahash is neither a change nor a conflict.
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-02 00:00:00', 'A'),"
                    + " ('alice', 'Ann', 'Paris', TIMESTAMP '2024-01-02 00:00:00', 'X'),"
                    + " ('bob', 'Bob', 'Rome', TIMESTAMP '2024-01-02 00:00:00', 'X')");
            Loads.run(db, sql);
            List<List<String>> expected = mode == Mode.DELETE_MERGE
                    ? List.of(row(ALICE, "2024-01-01 00:00:00", "Oslo"))
                    : List.of(row(BOB, "2024-01-01 00:00:00", "Rome"), row(ALICE, "2024-01-01 00:00:00", "Oslo"));
            assertThat(Loads.sorted(db, "SELECT dv_id, dv_load_time, city FROM dv.ref_customer")).isEqualTo(expected);
            // Every row filtered out: an empty extract, which deletes nothing.
            batch(db, CUSTOMER_STG, "('alice', 'Ann', 'Oslo', TIMESTAMP '2024-01-03 00:00:00', 'X')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, "SELECT dv_id, dv_load_time, city FROM dv.ref_customer")).isEqualTo(expected);
        }
    }

    static Stream<Arguments> enginesAndModes() {
        return Arrays.stream(TargetEngine.values()).flatMap(e -> Arrays.stream(Mode.values()).map(m -> Arguments.of(e, m)));
    }
}
