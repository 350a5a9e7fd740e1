package io.loadsmith.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Issue 20.1: each dialect writes a string literal its engine reads back as the same text. */
class StringLiteralsTest {

    private static final DialectRegistry DIALECTS = new DialectRegistry();

    @Test
    void standardDialectsDoubleTheQuoteOnly() {
        for (String name : new String[] {"postgresql", "duckdb", "h2"}) {
            assertThat(DIALECTS.get(name).literal("it's a\\b\n")).as(name).isEqualTo("'it''s a\\b\n'");
        }
    }

    @Test
    void backslashDialectsEscapeTheBackslashToo() {
        assertThat(DIALECTS.get("bigquery").literal("it's\\")).isEqualTo("'it\\'s\\\\'");
        assertThat(DIALECTS.get("bigquery").literal("a\r\nb")).isEqualTo("'a\\r\\nb'");
        assertThat(DIALECTS.get("databricks").literal("\\'")).isEqualTo("'\\\\\\''");
        assertThat(DIALECTS.get("snowflake").literal("it's\\")).isEqualTo("'it''s\\\\'");
    }

    @Test
    void everyDialectSaysHowItWritesAQuote() {
        DIALECTS.targets().forEach(d -> assertThat(d.literalEscapes()).as(d.name()).containsKey("'"));
    }
}
