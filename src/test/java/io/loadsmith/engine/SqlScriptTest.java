package io.loadsmith.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The test harness's splitter: a ';' inside a literal, a name or a comment never ends a statement. */
class SqlScriptTest {

    @Test
    void standardQuotingDoublesTheQuoteAndTakesBackslashAsAnyCharacter() {
        assertThat(SqlScript.split("SELECT 'it''s; fine', \"a;\"\"b\" FROM t; SELECT 2"))
                .containsExactly("SELECT 'it''s; fine', \"a;\"\"b\" FROM t", "SELECT 2");
        // PostgreSQL, DuckDB and H2: a backslash is a character, so this literal ends after it.
        assertThat(SqlScript.split("SELECT 'C:\\'; SELECT 'x;y'"))
                .containsExactly("SELECT 'C:\\'", "SELECT 'x;y'");
    }

    @Test
    void commentsAndEmptyChunksAreNotStatements() {
        assertThat(SqlScript.split("-- a; b\nSELECT 1 /* c; d */; -- only a comment\n; ;"))
                .containsExactly("-- a; b\nSELECT 1 /* c; d */");
    }

    @Test
    void sparkLiteralsTakeBackslashEscapes() {
        // As the databricks dialect writes a message naming O'Brien; the standard splitter cut it at the ';'.
        String script = "SELECT raise_error('key O\\'Brien; run again'); SELECT 2";
        assertThat(SqlScript.splitSpark(script))
                .containsExactly("SELECT raise_error('key O\\'Brien; run again')", "SELECT 2");
        assertThat(SqlScript.split(script)).first().isEqualTo("SELECT raise_error('key O\\'Brien");
        assertThat(SqlScript.splitSpark("SELECT 'ends in \\\\'; SELECT \"x\\\";y\""))
                .containsExactly("SELECT 'ends in \\\\'", "SELECT \"x\\\";y\"");
    }

    @Test
    void sparkNamesInBackticksMayHoldQuotesAndSemicolons() {
        assertThat(SqlScript.splitSpark("SELECT `it's;``odd` FROM t; SELECT 2"))
                .containsExactly("SELECT `it's;``odd` FROM t", "SELECT 2");
    }

    @Test
    void anUnclosedLiteralRunsToTheEnd() {
        assertThat(SqlScript.splitSpark("SELECT 'open; \\")).containsExactly("SELECT 'open; \\");
        assertThat(SqlScript.split("SELECT 'open; x")).containsExactly("SELECT 'open; x");
    }
}
