package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.entity;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.GenerationException;

/**
 * The audit template as a step between the source and the target: a failing audit stops the load
 * with a message naming the audit and an example, and the target stays exactly as it was.
 */
class AuditExecutionTest {

    private static final EntityModel SOURCE = entity("stage", "customer_src",
            attr("customer_id", "INTEGER4"), attr("status", "VARCHAR"), attr("name", "VARCHAR"));
    private static final EntityModel TARGET = entity("stage", "customer",
            attr("customer_id", "INTEGER4"), attr("status", "VARCHAR"), attr("name", "VARCHAR"));
    private static final String TABLE = "table=stage.customer_src";

    private static String load(TargetEngine engine, String audit) {
        return Loads.sql(Loads.load("audited", TARGET, List.of(SOURCE), audit, "<ftltemplate:append>"), engine.dialect());
    }

    private Connection prepare(TargetEngine engine, String sourceRows) throws Exception {
        Connection db = engine.open();
        TargetEngine.execute(db, "CREATE SCHEMA stage");
        Loads.create(db, engine, SOURCE);
        Loads.create(db, engine, TARGET);
        TargetEngine.execute(db, "INSERT INTO stage.customer VALUES (0, 'A', 'Existing')");
        TargetEngine.execute(db, "INSERT INTO stage.customer_src VALUES " + sourceRows);
        return db;
    }

    private static void assertFailsAndTargetUnchanged(Connection db, String sql, String... messageParts) throws Exception {
        List<List<String>> before = Loads.sorted(db, "SELECT * FROM stage.customer");
        assertThatThrownBy(() -> Loads.run(db, sql)).isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(e.getMessage()).contains(messageParts));
        assertThat(Loads.sorted(db, "SELECT * FROM stage.customer")).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void notNullFailsOnANullAndPassesOtherwise(TargetEngine engine) throws Exception {
        String audit = "<ftltemplate:audit:" + TABLE + ":type=not_null:columns=customer_id,status>";
        try (Connection db = prepare(engine, "(1, 'A', 'Ann'), (2, NULL, 'Bob')")) {
            assertFailsAndTargetUnchanged(db, load(engine, audit),
                    "audit not_null on stage.customer_src failed", "status", "customer_id=2");
            TargetEngine.execute(db, "UPDATE stage.customer_src SET status = 'B' WHERE customer_id = 2");
            Loads.run(db, load(engine, audit));
            assertThat(Loads.rows(db, "SELECT COUNT(*) FROM stage.customer")).containsExactly(List.of("3"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void uniqueNamesTheGrainAndAnExample(TargetEngine engine) throws Exception {
        String audit = "<ftltemplate:audit:" + TABLE + ":type=unique:columns=customer_id,status:name=one_row_per_customer>";
        try (Connection db = prepare(engine, "(1, 'A', 'Ann'), (1, 'A', 'Ann 2'), (1, 'B', 'Other')")) {
            assertFailsAndTargetUnchanged(db, load(engine, audit),
                    "audit one_row_per_customer", "(customer_id, status)", "customer_id=1, status=A", "2 times");
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void acceptedValues(TargetEngine engine) throws Exception {
        String audit = "<ftltemplate:audit:" + TABLE + ":type=accepted_values:columns=status:values=A,B>";
        try (Connection db = prepare(engine, "(1, 'A', 'Ann'), (2, NULL, 'Bob'), (3, 'X', 'Cid')")) {
            assertFailsAndTargetUnchanged(db, load(engine, audit), "status has a value outside ('A', 'B'): X");
            TargetEngine.execute(db, "DELETE FROM stage.customer_src WHERE status = 'X'");
            Loads.run(db, load(engine, audit));
            assertThat(Loads.rows(db, "SELECT COUNT(*) FROM stage.customer")).containsExactly(List.of("3"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void customQueryReturningRowsFails(TargetEngine engine) throws Exception {
        String audit = "<ftltemplate:audit:" + TABLE + ":type=custom:name=names_not_blank:query="
                + "\"\"\"SELECT * FROM stage.customer_src WHERE TRIM(name) = ''\"\"\">";
        try (Connection db = prepare(engine, "(1, 'A', 'Ann'), (2, 'B', ' ')")) {
            assertFailsAndTargetUnchanged(db, load(engine, audit), "audit names_not_blank", "returned offending rows");
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void uniquePassesWithNoDuplicate(TargetEngine engine) throws Exception {
        String audit = "<ftltemplate:audit:" + TABLE + ":type=unique:columns=customer_id,status>";
        try (Connection db = prepare(engine, "(1, 'A', 'Ann'), (1, 'B', 'Ann'), (2, 'A', 'Bob')")) {
            Loads.run(db, load(engine, audit));
            assertThat(Loads.rows(db, "SELECT COUNT(*) FROM stage.customer")).containsExactly(List.of("4"));
        }
    }

    /**
     * The custom audit with zero offending rows is silent and with one it stops the load: its
     * message was a constant, which PostgreSQL and H2 evaluated (and raised) while planning.
     */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void customQueryReturningNothingPassesAndOneRowFails(TargetEngine engine) throws Exception {
        String audit = "<ftltemplate:audit:" + TABLE + ":type=custom:name=names_not_blank:query="
                + "\"\"\"SELECT customer_id FROM stage.customer_src WHERE TRIM(name) = ''\"\"\">";
        try (Connection db = prepare(engine, "(1, 'A', 'Ann'), (2, 'B', 'Bob')")) {
            Loads.run(db, load(engine, audit));
            assertThat(Loads.sorted(db, "SELECT customer_id, name FROM stage.customer"))
                    .containsExactly(List.of("0", "Existing"), List.of("1", "Ann"), List.of("2", "Bob"));
            TargetEngine.execute(db, "UPDATE stage.customer_src SET name = ' ' WHERE customer_id = 2");
            assertFailsAndTargetUnchanged(db, load(engine, audit),
                    "audit names_not_blank on stage.customer_src failed", "the audit query returned offending rows: 1");
        }
    }

    @Test
    void badAuditCallsAreGenerationErrorsNamingTheParameter() {
        assertThatThrownBy(() -> load(TargetEngine.H2, "<ftltemplate:audit:" + TABLE + ":type=not_nul:columns=a>"))
                .isInstanceOf(GenerationException.class).hasMessageContaining("parameter 'type'")
                .hasMessageContaining("not_nul").hasMessageContaining("audited");
        assertThatThrownBy(() -> load(TargetEngine.H2, "<ftltemplate:audit:" + TABLE + ":type=unique>"))
                .isInstanceOf(GenerationException.class).hasMessageContaining("parameter 'columns'");
        assertThatThrownBy(() -> load(TargetEngine.H2, "<ftltemplate:audit:" + TABLE + ":type=custom>"))
                .isInstanceOf(GenerationException.class).hasMessageContaining("parameter 'query'");
        assertThatThrownBy(() -> load(TargetEngine.H2, "<ftltemplate:audit:type=unique:columns=a>"))
                .isInstanceOf(GenerationException.class).hasMessageContaining("table");
    }
}
