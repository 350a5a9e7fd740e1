package io.loadsmith.lineage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Tables and columns read from SQL text: the cases the sandbox and the lineage rely on, and the traps. */
class TableReferencesTest {

    @Test
    void readsCreatesAndWritesWithoutCtesOrCommentsOrLiterals() {
        TableReferences refs = TableReferences.of(SqlText.statements("""
                /* 1. step */ CREATE TEMPORARY TABLE publish.z AS
                WITH cte AS (SELECT DISTINCT a, b FROM raw.one)
                SELECT c.a, t.x, EXTRACT(YEAR FROM t.d) AS y FROM cte c JOIN raw."Two" t ON c.a = t.a
                -- FROM raw.commented
                WHERE t.s <> 'FROM raw.literal';
                INSERT INTO publish.target SELECT * FROM publish.z, raw.three AS r3 WHERE r3.k = 1;
                MERGE INTO publish.target trg USING raw.four src ON trg.k = src.k
                WHEN MATCHED THEN UPDATE SET v = src.v;"""));
        assertThat(refs.read()).containsExactly("raw.one", "raw.two", "raw.three", "raw.four");
        assertThat(refs.created()).containsExactly("publish.z");
        assertThat(refs.written()).contains("publish.target");
        assertThat(refs.spelling("raw.two")).isEqualTo("raw.Two");
        assertThat(refs.columns("raw.one")).containsExactly("a", "b");
        assertThat(refs.columns("raw.two")).containsExactly("x", "d", "a", "s");
        assertThat(refs.columns("raw.three")).containsExactly("k");
        assertThat(refs.columns("raw.four")).containsExactly("k", "v");
    }

    @Test
    void functionsInFromAndSubqueriesAreNotTables() {
        TableReferences refs = TableReferences.of(List.of(
                "SELECT * FROM range(10) r, (SELECT q FROM raw.inner_t) s",
                "SELECT TRIM(BOTH ' ' FROM name) FROM raw.people"));
        assertThat(refs.read()).containsExactly("raw.inner_t", "raw.people");
        assertThat(refs.columns("raw.inner_t")).containsExactly("q");
    }

    @Test
    void statementsSplitOutsideQuotesCommentsAndDollarQuotes() {
        assertThat(SqlText.statements("SELECT ';' AS a; /* ; */ SELECT \"x;y\" FROM t; -- ;\nSELECT $$;$$;  /* only a comment */"))
                .containsExactly("SELECT ';' AS a", "/* ; */ SELECT \"x;y\" FROM t", "-- ;\nSELECT $$;$$");
    }

    @Test
    void everyStatementFormIsReadDeleteAndUpdateFromIncluded() {
        TableReferences refs = TableReferences.of(SqlText.statements("""
                DELETE FROM publish.target WHERE k IN (SELECT k FROM raw.gone);
                DELETE FROM publish.target t USING raw.removed r WHERE t.k = r.k;
                UPDATE publish.target SET v = s.v FROM raw.changes s WHERE publish.target.k = s.k;
                UPDATE publish.target t SET closed = TRUE FROM (SELECT k FROM raw.closed_keys) c WHERE t.k = c.k;
                MERGE INTO publish.target trg USING (SELECT k, v FROM raw.merged) src ON trg.k = src.k
                WHEN NOT MATCHED THEN INSERT (k, v) VALUES (src.k, src.v);
                INSERT INTO publish.log (msg) SELECT 'DELETE FROM raw.literal' FROM raw.logged -- UPDATE raw.comment FROM x
                ;WITH RECURSIVE walk AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM walk WHERE n < 3)
                INSERT INTO publish.numbers SELECT n FROM walk"""));
        assertThat(refs.unread()).isEmpty();
        assertThat(refs.read()).containsExactly("raw.gone", "raw.removed", "raw.changes", "raw.closed_keys", "raw.merged",
                "raw.logged");
        assertThat(refs.written()).as("in order of appearance").containsExactly("publish.target", "publish.log", "publish.numbers");
        assertThat(refs.columns("raw.changes")).containsExactly("v", "k");
        assertThat(refs.columns("raw.closed_keys")).containsExactly("k");
    }

    @Test
    void aQuoteLeftOpenAfterAnAliasIsRead() {
        // Found by anySqlFragmentIsReadWithoutTripping: FROM, then a subquery keyword, AS and a quote never closed.
        for (String sql : List.of("FROM SELECT AS \"", "SELECT a FROM SELECT AS \"", "FROM raw.t AS \"")) {
            TableReferences refs = TableReferences.of(SqlText.statements(sql));
            assertThat(refs.unread()).as(sql).isEmpty();
        }
    }

    @Test
    void fromWithoutASelectAtTheStartOfAStatementIsRead() {
        // The first token is FROM: nothing before it at all (DuckDB's FROM-first syntax).
        TableReferences refs = TableReferences.of(List.of("FROM raw.first", "FROM", "SELECT FROM", ") FROM raw.x"));
        assertThat(refs.unread()).isEmpty();
        assertThat(refs.read()).containsExactly("raw.first", "raw.x");
    }

    private static final List<String> PIECES = List.of("SELECT", "FROM", "DELETE", "UPDATE", "MERGE", "INTO", "USING",
            "INSERT", "WITH", "AS", "JOIN", "ON", "SET", "WHERE", "CREATE", "TEMPORARY", "TABLE", "IF", "NOT", "EXISTS",
            "VIEW", "RECURSIVE", "(", ")", ",", ".", ";", "*", "a", "raw.t", "\"Odd \"\"name\"", "'FROM x'", "'", "\"",
            "--", "/*", "*/", "\n", "$$", "$t$", "EXTRACT(YEAR", "range(3)", "1", "=", "é", "x.y.z", "..", "AS (");

    @Provide
    Arbitrary<String> fragments() {
        return Arbitraries.of(PIECES).list().ofMaxSize(16).map(pieces -> String.join(" ", pieces))
                .injectDuplicates(0.05).edgeCases(c -> c.add(""));
    }

    @Property(tries = 2000)
    void anySqlFragmentIsReadWithoutTripping(@ForAll("fragments") String sql) {
        TableReferences refs = TableReferences.of(SqlText.statements(sql));
        assertThat(refs.unread()).as(sql).isEmpty();
        assertThat(refs.read()).doesNotContainNull();
    }

    @Property(tries = 500)
    void anyTextAtAllIsReadWithoutTripping(@ForAll String sql) {
        assertThat(TableReferences.of(SqlText.statements(sql)).unread()).as(sql).isEmpty();
        assertThat(TableReferences.of(List.of(sql)).unread()).as(sql).isEmpty();
    }
}
