package io.loadsmith.engine;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.loadsmith.generation.FullRefreshPolicy;
import io.loadsmith.generation.FullRefreshSettings;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/** Small builders for the template scenario tests: entities, loads of steps, generated SQL, rows. */
final class Loads {

    /**
     * The scenarios test what the templates do on the engines, so every full refresh is allowed
     * here; the full-refresh safety policies are tested in io.loadsmith.generation.FullRefresh*Test.
     */
    static final TestGenerators GENERATORS = TestGenerators.library(
            new FullRefreshSettings(FullRefreshPolicy.ALLOW, FullRefreshPolicy.ALLOW));

    private Loads() {
    }

    static AttributeModel attr(String name, String type, String datatype, Integer length) {
        return new AttributeModel(name, type, datatype, length, null, null, true, null, null);
    }

    static AttributeModel attr(String name, String datatype) {
        return attr(name, null, datatype, "VARCHAR".equals(datatype) ? 100 : null);
    }

    static EntityModel entity(String schema, String name, AttributeModel... attributes) {
        return new EntityModel(name, name, schema, "TABLE", "TABLE", List.of(attributes));
    }

    static LoadModel load(String name, EntityModel target, List<EntityModel> sources, String... steps) {
        List<StepModel> models = new ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            models.add(new StepModel("step_" + (i + 1), StepType.OVERRIDE, steps[i]));
        }
        return new LoadModel(name, target, sources, models, Map.of());
    }

    /** The far-future open end of open_end=far_future, as TargetEngine.text renders it. */
    static final String FAR_FUTURE = "9999-12-31 00:00:00";

    /** Every engine with each open-end convention of the history templates (open_end=null | far_future). */
    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> enginesAndOpenEnds() {
        return Arrays.stream(TargetEngine.values()).flatMap(e -> java.util.stream.Stream.of(
                org.junit.jupiter.params.provider.Arguments.of(e, "null"),
                org.junit.jupiter.params.provider.Arguments.of(e, "far_future")));
    }

    /** The open version's VALID_TO as the rows show it under the convention. */
    static String openEnd(String convention) {
        return "null".equals(convention) ? null : FAR_FUTURE;
    }

    static String sql(LoadModel load, String dialect) {
        return GENERATORS.loads().generate(load, dialect, Map.of()).sql();
    }

    /** The checks the load hands to a whole run (the SQL package's checks/conflicts.sql), each as one statement. */
    static List<String> runChecks(LoadModel load, String dialect) {
        return GENERATORS.loads().generate(load, dialect, Map.of()).runChecks();
    }

    /** Creates the schema and the entity's table with the DDL generator. */
    static void create(Connection db, TargetEngine engine, EntityModel entity) throws SQLException {
        TargetEngine.execute(db, GENERATORS.ddl().createTable(entity, engine.dialect()));
    }

    static List<List<String>> rows(Connection db, String query) throws SQLException {
        return TargetEngine.rows(db, query);
    }

    /** The rows of a query sorted in Java (NULL first), so engines' NULL ordering does not matter. */
    static List<List<String>> sorted(Connection db, String query) throws SQLException {
        List<List<String>> rows = new ArrayList<>(TargetEngine.rows(db, query));
        rows.sort((a, b) -> {
            for (int i = 0; i < a.size(); i++) {
                String x = a.get(i);
                String y = b.get(i);
                int c = x == null ? (y == null ? 0 : -1) : y == null ? 1 : compare(x, y);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        });
        return rows;
    }

    private static int compare(String x, String y) {
        if (x.matches("-?\\d+") && y.matches("-?\\d+")) {
            return Long.compare(Long.parseLong(x), Long.parseLong(y));
        }
        return x.compareTo(y);
    }

    static List<String> row(String... values) {
        return Arrays.asList(values);
    }

    /** Runs the load; on failure rolls back an open transaction and rethrows. */
    static void run(Connection db, String sql) throws SQLException {
        try {
            TargetEngine.execute(db, sql);
        } catch (SQLException e) {
            rollbackQuietly(db);
            throw e;
        }
    }

    static void rollbackQuietly(Connection db) {
        try (var st = db.createStatement()) {
            st.execute("ROLLBACK");
        } catch (SQLException ignored) {
            // No transaction was open.
        }
    }
}
