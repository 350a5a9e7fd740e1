package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.entity;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/**
 * The hostile values of {@link HostileValuesTest} as TEXT parameters and step names, run on the
 * engines: the value is compared with the same text stored as data (bound as a JDBC parameter), so
 * the load only behaves as intended if the literal the template wrote is exactly that text; and the
 * statements that the values try to add (DROP TABLE injected) never run.
 */
class HostileValuesExecutionTest {

    private static final EntityModel SOURCE = entity("stage", "customer_src",
            attr("customer_id", "INTEGER4"), attr("status", "VARCHAR"), attr("name", "VARCHAR"));
    private static final EntityModel TARGET = entity("stage", "customer",
            attr("customer_id", "INTEGER4"), attr("status", "VARCHAR"), attr("name", "VARCHAR"));
    private static final EntityModel EVENTS = entity("stage", "person_cdc",
            attr("person_id", "INTEGER4"), attr("cdc_operation", "VARCHAR"), attr("cdc_seq", "INTEGER8"),
            attr("event_time", "TIMESTAMP"), attr("name", "VARCHAR"));
    private static final EntityModel HISTORY = entity("dw", "person_scd2",
            attr("person_id", "INTEGER4"), attr("name", "VARCHAR"), attr("cdc_seq", "INTEGER8"),
            attr("valid_from", "VALID_FROM", "TIMESTAMP", null), attr("valid_to", "VALID_TO", "TIMESTAMP", null));

    private static Connection prepare(TargetEngine engine) throws Exception {
        Connection db = engine.open();
        // Spark keeps its default schema between tests, and so the table the payloads aim at.
        TargetEngine.execute(db, "CREATE SCHEMA stage; CREATE SCHEMA dw; DROP TABLE IF EXISTS injected; CREATE TABLE injected (id INTEGER)");
        for (EntityModel e : List.of(SOURCE, TARGET, EVENTS, HISTORY)) {
            Loads.create(db, engine, e);
        }
        return db;
    }

    private static String sql(TargetEngine engine, String stepName, EntityModel target, EntityModel source,
                              String template, Map<String, String> arguments) {
        LoadModel load = new LoadModel("hostile", target, List.of(source), List.of(
                new StepModel(stepName, StepType.OVERRIDE, HostileValuesTest.call(template, arguments))), Map.of());
        return Loads.sql(load, engine.dialect());
    }

    private static void insert(Connection db, String sql, Object... values) throws SQLException {
        try (PreparedStatement st = db.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                st.setObject(i + 1, values[i]);
            }
            st.executeUpdate();
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void auditNamesAndAcceptedValuesAreData(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            for (String payload : HostileValuesTest.PAYLOADS) {
                Map<String, String> arguments = new LinkedHashMap<>(Map.of("table", "stage.customer_src",
                        "type", "accepted_values", "columns", "status", "values", payload + ",B", "name", payload));
                String audit = sql(engine, payload, TARGET, SOURCE, "audit", arguments);
                TargetEngine.execute(db, "DELETE FROM stage.customer_src");
                insert(db, "INSERT INTO stage.customer_src VALUES (1, ?, 'n')", payload);
                // The stored value is accepted: the literal is exactly the payload.
                Loads.run(db, audit);
                insert(db, "INSERT INTO stage.customer_src VALUES (2, ?, 'n')", payload + "x");
                // Any other value fails the audit, and the engine's message carries the name as data.
                assertThatThrownBy(() -> Loads.run(db, audit)).isInstanceOf(SQLException.class)
                        .hasMessageContaining("audit ").hasMessageContaining(" on stage.customer_src failed: status has a value outside");
            }
            assertThat(Loads.rows(db, "SELECT COUNT(*) FROM injected")).containsExactly(row("0"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void aCdcDeleteValueIsData(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            for (String payload : HostileValuesTest.PAYLOADS) {
                String load = sql(engine, payload, HISTORY, EVENTS, "cdc_scd2",
                        Map.of("key_columns", "person_id", "delete_value", payload));
                TargetEngine.execute(db, "DELETE FROM stage.person_cdc; DELETE FROM dw.person_scd2");
                insert(db, "INSERT INTO stage.person_cdc VALUES (1, 'I', 1, TIMESTAMP '2024-01-01 00:00:00', 'Ann')");
                insert(db, "INSERT INTO stage.person_cdc VALUES (1, ?, 2, TIMESTAMP '2024-01-02 00:00:00', NULL)", payload);
                insert(db, "INSERT INTO stage.person_cdc VALUES (2, ?, 1, TIMESTAMP '2024-01-01 00:00:00', 'Bob')", payload + "x");
                Loads.run(db, load);
                // Key 1's event with the payload as operation is the delete: its history ends there.
                // Key 2's operation differs by one character, so it is not a delete.
                assertThat(Loads.sorted(db, "SELECT person_id, name, valid_from, valid_to FROM dw.person_scd2"))
                        .as(payload).containsExactly(
                                row("1", "Ann", "2024-01-01 00:00:00", "2024-01-02 00:00:00"),
                                row("2", "Bob", "2024-01-01 00:00:00", null));
            }
            assertThat(Loads.rows(db, "SELECT COUNT(*) FROM injected")).containsExactly(row("0"));
        }
    }
}
