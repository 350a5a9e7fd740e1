package io.loadsmith.audit.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonChangeTest {

    @Test
    void aMultiLineStringReadsAsItsLines() {
        String json = "{\n  \"steps\": [\n    {\n      \"text\": \"SELECT 1\\nFROM \\\"t\\\"\\n\\tWHERE x\",\n"
                + "      \"name\": \"one line\"\n    }\n  ]\n}";
        assertThat(JsonChange.readable(json)).isEqualTo("{\n  \"steps\": [\n    {\n      \"text\": \"\"\"\n"
                + "        SELECT 1\n        FROM \"t\"\n        \tWHERE x\n      \"\"\",\n"
                + "      \"name\": \"one line\"\n    }\n  ]\n}");
    }

    @Test
    void aVeryLongStringDoesNotOverflowTheStack() {
        String text = "x\\n".repeat(20_000);
        assertThat(JsonChange.readable("  \"text\": \"" + text + "\"").lines()).hasSize(20_003);
    }
}
