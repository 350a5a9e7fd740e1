package io.loadsmith.lineage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

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
}
