package io.loadsmith.tryit.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A grid cell's text and the value it stands for: NULL, the empty text and texts of quotes each come back as they went. */
class TryFormTest {

    @Test
    void anEmptyCellIsNullAndTwoQuotesTheEmptyText() {
        assertThat(TryForm.value("")).isNull();
        assertThat(TryForm.value(null)).isNull();
        assertThat(TryForm.value("\"\"")).isEmpty();
        assertThat(TryForm.cell(null)).isEmpty();
        assertThat(TryForm.cell("")).isEqualTo("\"\"");
    }

    @Test
    void everyValueComesBackFromItsCell() {
        for (String value : Arrays.asList(null, "", "\"", "\"\"", "\"\"\"", "a", "\"a\"", " ", "x\"\"")) {
            assertThat(TryForm.value(TryForm.cell(value))).as(String.valueOf(value)).isEqualTo(value);
        }
        // Only a text of quotes alone changes in its cell: a quote typed in a cell stays a quote.
        assertThat(List.of(TryForm.value("\""), TryForm.value("\"a\""))).containsExactly("\"", "\"a\"");
    }
}
