package io.loadsmith.generation.call;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Issue 11.1: any text becomes comment text that can neither close nor open a comment. */
class SqlCommentsTest {

    @Test
    void ordinaryNamesAreUnchanged() {
        assertThat(SqlComments.text("merge_scd2_with_ftl")).isEqualTo("merge_scd2_with_ftl");
        assertThat(SqlComments.text("Load: 2 * 3 / 4 - x")).isEqualTo("Load: 2 * 3 / 4 - x");
        assertThat(SqlComments.text(null)).isEmpty();
    }

    @Test
    void theIssuesStepNameStaysInsideItsComment() {
        assertThat(SqlComments.text("cleanup */ DROP TABLE publish.D_VESSEL_SCD2; /*"))
                .isEqualTo("cleanup * / DROP TABLE publish.D_VESSEL_SCD2; / *");
    }

    @ParameterizedTest
    @ValueSource(strings = {"*/", "/*", "/*/", "*/*", "**//**", "a/**/b", "x\r\ny", "x\ny", "x\u2028y", "x\u2029y",
            "x\u0085y", "x\u0000y", "/\n*", "*\t/", "--\nDROP"})
    void neitherCommentMarkersNorLineBreaksSurvive(String text) {
        String comment = SqlComments.text(text);
        assertThat(comment).doesNotContain("/*", "*/", "\n", "\r", "\u2028", "\u2029", "\u0085", "\u0000", "\t");
        assertThat(("/* " + comment + " */").indexOf("*/")).isEqualTo(comment.length() + 4);
    }
}
