package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.entity;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.generation.model.EntityModel;

/** truncate_insert, append and insert_new_by_datahash executed on every engine. */
class SimpleLoadsExecutionTest {

    private static final EntityModel SOURCE = entity("stage", "customer_src",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("name", "VARCHAR"));
    private static final EntityModel PLAIN = entity("stage", "customer",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("name", "VARCHAR"));
    private static final EntityModel PSA = entity("stage", "customer_psa",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("name", "VARCHAR"),
            attr("datahash", "DV_DATAHASH", "CHAR", 32));

    private Connection prepare(TargetEngine engine, EntityModel target) throws Exception {
        Connection db = engine.open();
        TargetEngine.execute(db, "CREATE SCHEMA stage");
        Loads.create(db, engine, SOURCE);
        Loads.create(db, engine, target);
        return db;
    }

    private static void source(Connection db, String values) throws Exception {
        TargetEngine.execute(db, "DELETE FROM stage.customer_src");
        if (!values.isEmpty()) {
            TargetEngine.execute(db, "INSERT INTO stage.customer_src VALUES " + values);
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void truncateInsertReplacesAllRows(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, PLAIN)) {
            String sql = Loads.sql(Loads.load("l", PLAIN, List.of(SOURCE), "<ftltemplate:truncate_insert>"), engine.dialect());
            source(db, "(1, 'EU', 'Ann'), (2, 'US', 'Bob')");
            Loads.run(db, sql);
            source(db, "(3, 'EU', 'Cid')");
            Loads.run(db, sql);
            Loads.run(db, sql);
            assertThat(Loads.rows(db, "SELECT customer_id, region, name FROM stage.customer ORDER BY 1"))
                    .containsExactly(row("3", "EU", "Cid"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void appendAddsEveryRow(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, PLAIN)) {
            String sql = Loads.sql(Loads.load("l", PLAIN, List.of(SOURCE), "<ftltemplate:append>"), engine.dialect());
            source(db, "(1, 'EU', 'Ann')");
            Loads.run(db, sql);
            source(db, "(1, 'EU', 'Ann'), (2, NULL, 'Bob')");
            Loads.run(db, sql);
            assertThat(Loads.rows(db, "SELECT customer_id, region, name FROM stage.customer ORDER BY 1, 3"))
                    .containsExactly(row("1", "EU", "Ann"), row("1", "EU", "Ann"), row("2", null, "Bob"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void insertNewByDatahashKeepsOnlyNewStatesPerKey(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, PSA)) {
            String sql = Loads.sql(Loads.load("l", PSA, List.of(SOURCE),
                    "<ftltemplate:insert_new_by_datahash:key_columns=customer_id,region>"), engine.dialect());
            String q = "SELECT customer_id, region, name FROM stage.customer_psa";
            // Duplicates in one batch go in once; composite key (customer_id, region).
            source(db, "(1, 'EU', 'Ann'), (1, 'EU', 'Ann'), (1, 'US', 'Ann'), (2, 'EU', NULL)");
            Loads.run(db, sql);
            List<List<String>> first = List.of(row("1", "EU", "Ann"), row("1", "US", "Ann"), row("2", "EU", null));
            assertThat(Loads.sorted(db, q)).isEqualTo(first);
            // The same batch again: nothing.
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, q)).isEqualTo(first);
            // NULL -> '' is a change; a value back to an earlier state of the key is not new.
            source(db, "(1, 'EU', 'Annie'), (2, 'EU', '')");
            Loads.run(db, sql);
            source(db, "(1, 'EU', 'Ann')");
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, q)).containsExactly(row("1", "EU", "Ann"), row("1", "EU", "Annie"),
                    row("1", "US", "Ann"), row("2", "EU", null), row("2", "EU", ""));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void insertNewByDatahashDoesNotLoseRowsWhoseHashesCollide(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, PSA)) {
            String sql = Loads.sql(Loads.load("l", PSA, List.of(SOURCE),
                    "<ftltemplate:insert_new_by_datahash:key_columns=customer_id>"), engine.dialect());
            String q = "SELECT customer_id, region, name FROM stage.customer_psa";
            source(db, "(1, 'a~b', 'c'), (2, NULL, 'x')");
            Loads.run(db, sql);
            // Same '~'-joined text and NULL vs '-1': the same hash, but different values.
            source(db, "(1, 'a', 'b~c'), (2, '-1', 'x')");
            Loads.run(db, sql);
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, q)).containsExactly(row("1", "a", "b~c"), row("1", "a~b", "c"),
                    row("2", null, "x"), row("2", "-1", "x"));
            assertThat(Loads.rows(db, "SELECT COUNT(DISTINCT datahash) FROM stage.customer_psa WHERE customer_id = 1"))
                    .as("the seed's hash collides here").containsExactly(List.of("1"));
        }
    }
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void insertNewByDatahashKeepsCollidingRowsOfOneBatchApart(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine, PSA)) {
            String sql = Loads.sql(Loads.load("l", PSA, List.of(SOURCE),
                    "<ftltemplate:insert_new_by_datahash:key_columns=customer_id>"), engine.dialect());
            String q = "SELECT customer_id, region, name FROM stage.customer_psa";
            // One batch: per key, two rows with the same hash and different values, and an exact duplicate.
            source(db, "(1, 'a~b', 'c'), (1, 'a', 'b~c'), (2, NULL, 'x'), (2, '-1', 'x'), (2, NULL, 'x')");
            Loads.run(db, sql);
            List<List<String>> all = List.of(row("1", "a", "b~c"), row("1", "a~b", "c"), row("2", null, "x"),
                    row("2", "-1", "x"));
            assertThat(Loads.sorted(db, q)).isEqualTo(all);
            Loads.run(db, sql);
            assertThat(Loads.sorted(db, q)).as("a rerun inserts nothing").isEqualTo(all);
        }
    }
}
