package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.exchange.PackageDocument.AttributeDoc;
import io.loadsmith.exchange.PackageDocument.EntityDoc;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.export.migration.Migration;
import io.loadsmith.export.migration.Migrations;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.render.RenderGuard;

/**
 * Case-sensitive names (issue 13, point 9): a source made by another tool with a quoted "userId"
 * column in a mixed-case table, loaded into targets whose DDL the generator writes. Every query
 * here names the columns quoted, so it fails with "column does not exist" wherever the generated
 * SQL let the engine fold userId (PostgreSQL and DuckDB fold to lower case, H2 to upper).
 */
class CaseSensitiveNamesExecutionTest {

    private static final DialectRegistry DIALECTS = new DialectRegistry();

    private static AttributeModel sensitive(String name, String datatype) {
        return attr(name, datatype).withCaseSensitive(true);
    }

    private static EntityModel entity(String name, boolean caseSensitive, AttributeModel... attributes) {
        return Loads.entity("stage", name, attributes).withCaseSensitive(caseSensitive);
    }

    private static final EntityModel SOURCE = entity("CustomerSrc", true,
            sensitive("userId", "INTEGER4"), attr("region", "VARCHAR"), sensitive("fullName", "VARCHAR"));
    private static final EntityModel PLAIN = entity("Customer", true,
            sensitive("userId", "INTEGER4"), attr("region", "VARCHAR"), sensitive("fullName", "VARCHAR"));
    private static final EntityModel PSA = entity("customer_psa", false,
            sensitive("userId", "INTEGER4"), attr("region", "VARCHAR"), sensitive("fullName", "VARCHAR"),
            attr("datahash", "DV_DATAHASH", "CHAR", 32));

    private static final EntityModel HISTORY_SOURCE = entity("CustomerHistSrc", true,
            attr("hubKey", null, "CHAR", 32).withCaseSensitive(true), sensitive("userId", "INTEGER4"),
            sensitive("fullName", "VARCHAR"), sensitive("validFrom", "TIMESTAMP"));
    private static final EntityModel HISTORY = entity("CustomerHist", true,
            attr("scd_id", "SCD_ID", "CHAR", 32), attr("hubKey", "DV_HASHKEY", "CHAR", 32).withCaseSensitive(true),
            attr("datahash", "DV_DATAHASH", "CHAR", 32),
            attr("validFrom", "VALID_FROM", "TIMESTAMP", null).withCaseSensitive(true),
            attr("valid_to", "VALID_TO", "TIMESTAMP", null), attr("validity_status", "VALIDITY_STATUS", "INTEGER1", null),
            sensitive("userId", "INTEGER4"), sensitive("fullName", "VARCHAR"));

    /** The name quoted as the engine's dialect quotes it, for the hand-written SQL of the test. */
    private static String q(TargetEngine engine, String name) {
        return DIALECTS.get(engine.dialect()).quoteIdentifier(name);
    }

    private Connection prepare(TargetEngine engine, EntityModel target) throws Exception {
        return open(engine, SOURCE, target);
    }

    /** A connection with schema stage and the tables, made by the DDL generator. */
    private static Connection open(TargetEngine engine, EntityModel... tables) throws Exception {
        Connection db = engine.open();
        TargetEngine.execute(db, "CREATE SCHEMA stage");
        for (EntityModel table : tables) {
            Loads.create(db, engine, table);
        }
        return db;
    }

    private static void source(Connection db, TargetEngine engine, String values) throws Exception {
        String table = "stage." + q(engine, "CustomerSrc");
        TargetEngine.execute(db, "DELETE FROM " + table + " WHERE 1 = 1");
        if (!values.isEmpty()) {
            TargetEngine.execute(db, "INSERT INTO " + table + " (" + q(engine, "userId") + ", region, "
                    + q(engine, "fullName") + ") VALUES " + values);
        }
    }

    private static String select(TargetEngine engine, String table) {
        return "SELECT " + q(engine, "userId") + ", region, " + q(engine, "fullName") + " FROM stage." + table;
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void truncateInsertWritesTheQuotedNames(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, PLAIN)) {
            String sql = Loads.sql(Loads.load("l", PLAIN, List.of(SOURCE), "<ftltemplate:truncate_insert>"), engine.dialect());
            source(db, engine, "(1, 'EU', 'Ann'), (2, NULL, 'Bob')");
            Loads.run(db, sql);
            source(db, engine, "(3, 'EU', NULL)");
            Loads.run(db, sql);
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, select(engine, q(engine, "Customer")))).containsExactly(row("3", "EU", null));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void appendWritesTheQuotedNames(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, PLAIN)) {
            String sql = Loads.sql(Loads.load("l", PLAIN, List.of(SOURCE), "<ftltemplate:append>"), engine.dialect());
            source(db, engine, "(1, 'EU', 'Ann')");
            Loads.run(db, sql);
            source(db, engine, "(1, 'EU', 'Ann'), (2, NULL, 'Bob')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, select(engine, q(engine, "Customer"))))
                    .containsExactly(row("1", "EU", "Ann"), row("1", "EU", "Ann"), row("2", null, "Bob"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void insertNewByDatahashResolvesKeyColumnsToTheirQuotedNames(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, PSA)) {
            // The parameter names the column in another case: it resolves to the attribute "userId".
            String sql = Loads.sql(Loads.load("l", PSA, List.of(SOURCE),
                    "<ftltemplate:insert_new_by_datahash:key_columns=USERID>"), engine.dialect());
            String query = select(engine, "customer_psa");
            source(db, engine, "(1, 'EU', 'Ann'), (1, 'EU', 'Ann'), (2, NULL, 'Bob')");
            Loads.run(db, sql);
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, query)).containsExactly(row("1", "EU", "Ann"), row("2", null, "Bob"));
            source(db, engine, "(1, 'EU', 'Annie'), (2, NULL, 'Bob')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, query)).containsExactly(row("1", "EU", "Ann"), row("1", "EU", "Annie"),
                    row("2", null, "Bob"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void scd2KeepsHistoryInQuotedColumnsOfAMixedCaseTable(TargetEngine engine) throws Exception {
        try (Connection db = engine.open()) {
            TargetEngine.execute(db, "CREATE SCHEMA stage");
            Loads.create(db, engine, HISTORY_SOURCE);
            Loads.create(db, engine, HISTORY);
            // The work table's name is derived from the target's: written unquoted on both sides, it folds alike.
            String temp = "<target_schema>.Z_TMP_<target_entity_name>";
            String sql = Loads.sql(Loads.load("l", HISTORY, List.of(),
                    "DROP TABLE IF EXISTS " + temp + ";",
                    "CREATE TABLE " + temp + " AS SELECT * FROM stage." + q(engine, "CustomerHistSrc") + ";",
                    "<ftltemplate:scd2:temp_table_prefix=Z_TMP_>",
                    "DROP TABLE IF EXISTS " + temp + ";"), engine.dialect());
            String k = "'00000000000000000000000000000001'";
            String src = "stage." + q(engine, "CustomerHistSrc");
            String query = "SELECT " + q(engine, "userId") + ", " + q(engine, "fullName") + ", " + q(engine, "validFrom")
                    + ", valid_to, validity_status FROM stage." + q(engine, "CustomerHist");
            TargetEngine.execute(db, "INSERT INTO " + src + " VALUES (" + k + ", 7, 'Ann', TIMESTAMP '2024-01-01 00:00:00')");
            Loads.run(db, sql);
            TargetEngine.execute(db, "DELETE FROM " + src + " WHERE 1 = 1");
            TargetEngine.execute(db, "INSERT INTO " + src + " VALUES (" + k + ", 7, NULL, TIMESTAMP '2024-02-01 00:00:00')");
            Loads.run(db, sql);
            List<List<String>> expected = List.of(
                    row("7", null, "2024-02-01 00:00:00", "9999-12-31 00:00:00", "1"),
                    row("7", "Ann", "2024-01-01 00:00:00", "2024-02-01 00:00:00", "0"));
            assertThat(Loads.sorted(db, query + " WHERE validity_status = 1")).containsExactly(expected.get(0));
            assertThat(Loads.sorted(db, query + " WHERE validity_status = 0")).containsExactly(expected.get(1));
            // The same source again (a later load): no new version.
            Loads.run(db, sql);
            assertThat(Loads.rows(db, "SELECT COUNT(*) FROM stage." + q(engine, "CustomerHist"))).containsExactly(row("2"));
        }
    }

    private static final String T1 = "2024-01-01 00:00:00";
    private static final String T15 = "2024-01-15 00:00:00";
    private static final String T2 = "2024-02-01 00:00:00";
    private static final String T3 = "2024-03-01 00:00:00";

    private static String at(String time) {
        return ":execution_time=\"\"\"TIMESTAMP '" + time + "'\"\"\"";
    }

    /**
     * A query naming the columns as they were made: the case-sensitive ones (here exactly the
     * mixed-case names) quoted, the others (lower case, unflagged) unquoted so that they fold as they
     * did in the DDL (H2 folds to upper case).
     */
    private static String quoted(TargetEngine engine, String table, String... columns) {
        StringBuilder out = new StringBuilder("SELECT ");
        for (int i = 0; i < columns.length; i++) {
            String c = columns[i];
            out.append(i == 0 ? "" : ", ").append(c.equals(c.toLowerCase(java.util.Locale.ROOT)) ? c : q(engine, c));
        }
        return out.append(" FROM stage.").append(q(engine, table)).toString();
    }

    private static final EntityModel EVENTS = entity("PersonCdc", true,
            sensitive("personId", "INTEGER4"), attr("cdc_operation", null, "CHAR", 1), attr("cdc_seq", "INTEGER8"),
            attr("event_time", "TIMESTAMP"), sensitive("fullName", "VARCHAR"), sensitive("homeCity", "VARCHAR"));
    private static final EntityModel PERSON_HISTORY = entity("PersonHist", true,
            sensitive("personId", "INTEGER4"), sensitive("fullName", "VARCHAR"), sensitive("homeCity", "VARCHAR"),
            attr("cdc_seq", "INTEGER8"), attr("validFrom", "VALID_FROM", "TIMESTAMP", null).withCaseSensitive(true),
            attr("valid_to", "VALID_TO", "TIMESTAMP", null),
            attr("isCurrent", "VALIDITY_STATUS", "INTEGER1", null).withCaseSensitive(true));

    /** cdc_scd2 with a tracked column: the LAG alias of "fullName" is derived unquoted (_p_fullName). */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void cdcScd2KeepsHistoryInQuotedColumns(TargetEngine engine) throws Exception {
        try (Connection db = open(engine, EVENTS, PERSON_HISTORY)) {
            String sql = Loads.sql(Loads.load("l", PERSON_HISTORY, List.of(EVENTS),
                    "<ftltemplate:cdc_scd2:key_columns=PERSONID:track_columns=FULLNAME>"), engine.dialect());
            TargetEngine.execute(db, "INSERT INTO stage." + q(engine, "PersonCdc") + " (" + q(engine, "personId")
                    + ", cdc_operation, cdc_seq, event_time, " + q(engine, "fullName") + ", " + q(engine, "homeCity") + ") VALUES "
                    + "(1, 'I', 1, TIMESTAMP '" + T1 + "', 'Ann', NULL), "
                    + "(1, 'U', 2, TIMESTAMP '" + T15 + "', 'Ann', 'Oslo'), "
                    + "(1, 'U', 2, TIMESTAMP '" + T15 + "', 'Ann', 'Oslo'), "
                    + "(1, 'U', 3, TIMESTAMP '" + T2 + "', 'Annie', 'Oslo'), "
                    + "(2, 'I', 1, TIMESTAMP '" + T1 + "', NULL, 'Bergen')");
            String query = quoted(engine, "PersonHist", "personId", "validFrom", "valid_to", "isCurrent", "cdc_seq",
                    "fullName", "homeCity");
            // Key 1: the homeCity change (untracked) updates the first version in place, the fullName change opens one.
            List<List<String>> expected = List.of(
                    row("1", T1, T2, "0", "2", "Ann", "Oslo"),
                    row("1", T2, null, "1", "3", "Annie", "Oslo"),
                    row("2", T1, null, "1", "1", null, "Bergen"));
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, query)).isEqualTo(expected);
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, query)).isEqualTo(expected);
            // The duplicate check in quoted columns: a different event with key 1 and sequence 2 stops the load.
            TargetEngine.execute(db, "INSERT INTO stage." + q(engine, "PersonCdc") + " (" + q(engine, "personId")
                    + ", cdc_operation, cdc_seq, event_time, " + q(engine, "fullName") + ", " + q(engine, "homeCity") + ") VALUES "
                    + "(1, 'U', 2, TIMESTAMP '" + T15 + "', 'Ann', 'Rome')");
            assertThatThrownBy(() -> Loads.run(db, sql)).isInstanceOf(java.sql.SQLException.class)
                    .satisfies(e -> assertThat(e.getMessage()).contains("personId=1, cdc_seq=2"));
            assertThat(Loads.sorted(db, query)).isEqualTo(expected);
        }
    }

    private static final EntityModel SNAPSHOT = entity("CustomerSnap", true,
            sensitive("userId", "INTEGER4"), attr("region", "VARCHAR"), sensitive("fullName", "VARCHAR"),
            attr("validFrom", "VALID_FROM", "TIMESTAMP", null).withCaseSensitive(true),
            attr("validTo", "VALID_TO", "TIMESTAMP", null).withCaseSensitive(true));

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void snapshotCurrentStateCheckWritesTheQuotedNames(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, SNAPSHOT)) {
            String params = "<ftltemplate:snapshot:strategy=check:unique_key=USERID:check_columns=*"
                    + ":valid_from_column=validFrom:valid_to_column=VALIDTO";
            String query = quoted(engine, "CustomerSnap", "userId", "region", "fullName", "validFrom", "validTo");
            source(db, engine, "(1, 'EU', 'Ann'), (2, NULL, NULL)");
            Loads.run(db, Loads.sql(Loads.load("l", SNAPSHOT, List.of(SOURCE), params + at(T1) + ">"), engine.dialect()));
            source(db, engine, "(1, 'EU', NULL), (2, NULL, NULL)");
            Loads.run(db, Loads.sql(Loads.load("l", SNAPSHOT, List.of(SOURCE), params + at(T2) + ">"), engine.dialect()));
            List<List<String>> expected = List.of(
                    row("1", "EU", null, T2, null),
                    row("1", "EU", "Ann", T1, T2),
                    row("2", null, null, T1, null));
            assertThat(Loads.sorted(db, query)).isEqualTo(expected);
            // The same source at a later time: nothing changed, no version.
            Loads.run(db, Loads.sql(Loads.load("l", SNAPSHOT, List.of(SOURCE), params + at(T3) + ">"), engine.dialect()));
            assertThat(Loads.sorted(db, query)).isEqualTo(expected);
        }
    }

    private static final EntityModel OBSERVATIONS = entity("CustomerObs", true,
            sensitive("userId", "INTEGER4"), sensitive("fullName", "VARCHAR"), sensitive("observedAt", "TIMESTAMP"));
    private static final EntityModel OBSERVED_HISTORY = entity("CustomerObsHist", true,
            sensitive("userId", "INTEGER4"), sensitive("fullName", "VARCHAR"),
            attr("validFrom", "VALID_FROM", "TIMESTAMP", null).withCaseSensitive(true),
            attr("validTo", "VALID_TO", "TIMESTAMP", null).withCaseSensitive(true));

    /** Historical snapshot input: observed_at names a source column in another case; late data rebuilds a key. */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void snapshotHistoricalInputWritesTheQuotedNames(TargetEngine engine) throws Exception {
        try (Connection db = open(engine, OBSERVATIONS, OBSERVED_HISTORY)) {
            String sql = Loads.sql(Loads.load("l", OBSERVED_HISTORY, List.of(OBSERVATIONS),
                    "<ftltemplate:snapshot:strategy=check:unique_key=userId:check_columns=FULLNAME:observed_at=OBSERVEDAT"
                            + ":valid_from_column=validFrom:valid_to_column=validTo>"), engine.dialect());
            String table = "stage." + q(engine, "CustomerObs");
            String insert = "INSERT INTO " + table + " (" + q(engine, "userId") + ", " + q(engine, "fullName") + ", "
                    + q(engine, "observedAt") + ") VALUES ";
            TargetEngine.execute(db, insert + "(7, 'Ann', TIMESTAMP '" + T1 + "'), (8, 'Bob', TIMESTAMP '" + T1 + "'), "
                    + "(7, NULL, TIMESTAMP '" + T2 + "'), (8, 'Bob', TIMESTAMP '" + T2 + "')");
            String query = quoted(engine, "CustomerObsHist", "userId", "fullName", "validFrom", "validTo");
            List<List<String>> expected = List.of(
                    row("7", null, T2, null),
                    row("7", "Ann", T1, T2),
                    row("8", "Bob", T1, null));
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, query)).isEqualTo(expected);
            // The same observations again: already loaded (watermark), nothing changes.
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, query)).isEqualTo(expected);
            // A late observation between the two: key 7 is rebuilt around it.
            TargetEngine.execute(db, "DELETE FROM " + table + " WHERE 1 = 1");
            TargetEngine.execute(db, insert + "(7, 'Cid', TIMESTAMP '" + T15 + "')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, query)).containsExactly(
                    row("7", null, T2, null),
                    row("7", "Ann", T1, T15),
                    row("7", "Cid", T15, T2),
                    row("8", "Bob", T1, null));
        }
    }

    private static final EntityModel DIMENSION = entity("UserDim", true,
            attr("userKey", "SCD_ID", "INTEGER8", null).withCaseSensitive(true),
            attr("scdVersion", "SCD_VERSION", "INTEGER4", null).withCaseSensitive(true),
            attr("validFrom", "VALID_FROM", "TIMESTAMP", null).withCaseSensitive(true),
            attr("validTo", "VALID_TO", "TIMESTAMP", null).withCaseSensitive(true),
            attr("isActive", "VALIDITY_STATUS", "INTEGER1", null).withCaseSensitive(true),
            sensitive("userId", "INTEGER4"), attr("region", "VARCHAR"), sensitive("fullName", "VARCHAR"));

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void scdHybridRebuildWritesTheQuotedNames(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, DIMENSION)) {
            String params = "<ftltemplate:scd_hybrid_rebuild:natural_key=USERID:scd1_columns=REGION:open_end=null";
            String query = quoted(engine, "UserDim", "userKey", "scdVersion", "validFrom", "validTo", "isActive", "userId",
                    "region", "fullName");
            source(db, engine, "(1, 'EU', 'Ann'), (2, NULL, NULL)");
            Loads.run(db, Loads.sql(Loads.load("l", DIMENSION, List.of(SOURCE), params + at(T1) + ">"), engine.dialect()));
            // region is SCD1 (overwritten in every version), fullName SCD2 (NULL -> 'Bob' opens a version).
            source(db, engine, "(1, 'US', 'Ann'), (2, NULL, 'Bob')");
            Loads.run(db, Loads.sql(Loads.load("l", DIMENSION, List.of(SOURCE), params + at(T2) + ">"), engine.dialect()));
            List<List<String>> expected = List.of(
                    row("1", "1", T1, null, "1", "1", "US", "Ann"),
                    row("2", "1", T1, T2, "0", "2", null, null),
                    row("3", "2", T2, null, "1", "2", null, "Bob"));
            assertThat(Loads.sorted(db, query)).isEqualTo(expected);
            Loads.run(db, Loads.sql(Loads.load("l", DIMENSION, List.of(SOURCE), params + at(T3) + ">"), engine.dialect()));
            assertThat(Loads.sorted(db, query)).isEqualTo(expected);
        }
    }

    /** A unique audit whose column is named in another case: it resolves to "userId" and stops the load. */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void auditChecksTheQuotedColumns(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, PLAIN)) {
            // The audited work table (a plain name) keeps the source's quoted columns.
            String sql = Loads.sql(Loads.load("l", PLAIN, List.of(SOURCE),
                    "DROP TABLE IF EXISTS stage.z_audited;",
                    "CREATE TABLE stage.z_audited AS SELECT * FROM stage." + q(engine, "CustomerSrc") + ";",
                    "<ftltemplate:audit:table=stage.z_audited:type=unique:columns=USERID>",
                    "<ftltemplate:audit:table=stage.z_audited:type=not_null:columns=userId>",
                    "<ftltemplate:truncate_insert>",
                    "DROP TABLE IF EXISTS stage.z_audited;"), engine.dialect());
            String query = select(engine, q(engine, "Customer"));
            source(db, engine, "(1, 'EU', 'Ann'), (1, NULL, NULL)");
            assertThatThrownBy(() -> Loads.run(db, sql)).hasMessageContaining("duplicate rows at the grain (USERID)")
                    .hasMessageContaining("USERID=1");
            assertThat(Loads.rows(db, query)).isEmpty();
            source(db, engine, "(NULL, 'EU', 'Ann')");
            assertThatThrownBy(() -> Loads.run(db, sql)).hasMessageContaining("a NULL in userId");
            assertThat(Loads.rows(db, query)).isEmpty();
            source(db, engine, "(1, NULL, NULL), (2, 'EU', 'Bob')");
            Loads.run(db, sql);
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, query)).containsExactly(row("1", null, null), row("2", "EU", "Bob"));
        }
    }

    private static final Migrations MIGRATIONS = new Migrations(
            new EngineFactory(new LibraryTemplateSource(), DIALECTS, RenderGuard.shared()), EngineSettings.defaults());

    private static AttributeDoc doc(String name, String datatype, Integer length) {
        return new AttributeDoc(name, datatype, length, null, null, true, null, null, null, true);
    }

    private static PackageDocument version(AttributeDoc... attributes) {
        EntityDoc table = new EntityDoc("stage", "Customer", "Customer", null, "TABLE", null, null, true, List.of(attributes));
        return new PackageDocument(PackageDocument.FORMAT, "names", null, null, null, null, null, null, List.of(table),
                List.of(), null);
    }

    /** Migrations add a case-sensitive column to a case-sensitive table and rename one: all written quoted. */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void migrationAddsAndRenamesQuotedColumnsOfAQuotedTable(TargetEngine engine) throws Exception {
        PackageDocument v1 = version(doc("userId", "INTEGER4", null));
        PackageDocument v2 = version(doc("userId", "INTEGER4", null), doc("fullName", "VARCHAR", 100));
        try (Connection db = engine.open()) {
            TargetEngine.execute(db, "CREATE SCHEMA stage");
            Loads.create(db, engine, entity("Customer", true, sensitive("userId", "INTEGER4")));
            String table = "stage." + q(engine, "Customer");
            TargetEngine.execute(db, "INSERT INTO " + table + " (" + q(engine, "userId") + ") VALUES (1), (NULL)");
            Migration migration = MIGRATIONS.migrate(v1, "1", v2, "2", engine.dialect(), false);
            Loads.run(db, migration.sql());
            TargetEngine.execute(db, "INSERT INTO " + table + " (" + q(engine, "userId") + ", " + q(engine, "fullName")
                    + ") VALUES (2, 'Bob')");
            String query = quoted(engine, "Customer", "userId", "fullName");
            assertThat(Loads.sorted(db, query)).containsExactly(row(null, null), row("1", null), row("2", "Bob"));
            // Migrating to the same version again: no change, no statement.
            assertThat(MIGRATIONS.migrate(v2, "2", v2, "2", engine.dialect(), false).changes()).isEmpty();
            // A rename of the flagged column (ALTER or a rebuild, per dialect): old and new name quoted.
            PackageDocument v3 = version(new AttributeDoc("customerId", "INTEGER4", null, null, null, true, null, null,
                    "userId", true), doc("fullName", "VARCHAR", 100));
            Loads.run(db, MIGRATIONS.migrate(v2, "2", v3, "3", engine.dialect(), false).sql());
            assertThat(Loads.sorted(db, quoted(engine, "Customer", "customerId", "fullName")))
                    .containsExactly(row(null, null), row("1", null), row("2", "Bob"));
        }
    }
}
