package io.loadsmith.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.engine.TargetEngine;

/**
 * A capability a dialect declares is what its engine does: each probe runs on the real engine, and
 * the statement must succeed exactly when the dialect says the capability is there. (H2 inherited
 * update_from: true from the ansi root, and H2 2.4 does not parse UPDATE … FROM.)
 */
class CapabilitiesOnEnginesTest {

    private static final DialectRegistry DIALECTS = new DialectRegistry();

    private static final Map<String, String> PROBES = Map.ofEntries(
            Map.entry("update_from", "UPDATE t AS p SET v = s.v FROM s WHERE s.k = p.k"),
            Map.entry("merge", "MERGE INTO t USING s ON t.k = s.k WHEN MATCHED THEN UPDATE SET v = s.v "
                    + "WHEN NOT MATCHED THEN INSERT (k, v) VALUES (s.k, s.v)"),
            Map.entry("is_distinct_from", "SELECT COUNT(*) FROM t JOIN s ON t.k = s.k WHERE t.v IS DISTINCT FROM s.v"),
            Map.entry("distinct_on", "SELECT DISTINCT ON (k) k, v FROM t"),
            // Statement forms that Redshift and the T-SQL engines lack (their dialects say so; they do not run here).
            Map.entry("create_table_as", "CREATE TABLE x AS SELECT k FROM t"),
            Map.entry("select_limit", "SELECT k FROM t LIMIT 1"),
            Map.entry("delete_alias", "DELETE FROM t p WHERE p.k = 0"),
            Map.entry("merge_target_alias", "MERGE INTO t trg USING s ON trg.k = s.k WHEN MATCHED THEN UPDATE SET v = s.v"),
            Map.entry("merge_source_query", "MERGE INTO t USING (SELECT k, v FROM s) q ON t.k = q.k WHEN MATCHED THEN UPDATE SET v = q.v"),
            Map.entry("merge_clause_condition", "MERGE INTO t USING s ON t.k = s.k WHEN MATCHED AND t.v <> s.v THEN UPDATE SET v = s.v "
                    + "WHEN NOT MATCHED AND s.v > 0 THEN INSERT (k, v) VALUES (s.k, s.v)"),
            Map.entry("subquery_cte", "SELECT q.k FROM (WITH w AS (SELECT k FROM t) SELECT k FROM w) q"),
            // T-SQL refuses a ranking window without ORDER BY (error 4112); the engines here take it.
            Map.entry("ranking_order_optional", "SELECT k, ROW_NUMBER() OVER (PARTITION BY k) AS r FROM t"));

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void eachDeclaredCapabilityRunsAndEachMissingOneFails(TargetEngine engine) throws SQLException {
        Dialect dialect = DIALECTS.get(engine.dialect());
        for (var probe : PROBES.entrySet()) {
            boolean runs;
            try (Connection c = engine.open()) {
                TargetEngine.execute(c, "CREATE TABLE t (k INTEGER, v INTEGER); CREATE TABLE s (k INTEGER, v INTEGER);"
                        + "INSERT INTO t VALUES (1, 1); INSERT INTO s VALUES (1, 2)");
                try (var st = c.createStatement()) {
                    st.execute(probe.getValue());
                    runs = true;
                } catch (SQLException refused) {
                    runs = false;
                }
            }
            assertThat(runs).as("%s on %s: declared %s", probe.getKey(), engine, dialect.supports(probe.getKey()))
                    .isEqualTo(dialect.supports(probe.getKey()));
        }
    }
}
