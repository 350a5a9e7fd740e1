package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;

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
        Connection db = engine.open();
        TargetEngine.execute(db, "CREATE SCHEMA stage");
        Loads.create(db, engine, SOURCE);
        Loads.create(db, engine, target);
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
}
