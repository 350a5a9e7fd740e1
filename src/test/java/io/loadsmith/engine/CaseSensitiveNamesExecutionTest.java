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
 * SQL let the engine fold userId to userid (PostgreSQL, H2 and DuckDB fold to lower case).
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
}
