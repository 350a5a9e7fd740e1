package io.loadsmith.generation.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadsmith.generation.call.Placeholders;
import org.junit.jupiter.api.Test;

class TidyTest {

    @Test
    void runsOfBlankLinesBecomeOneSingleBlankLinesStay() {
        assertThat(FreemarkerEngine.tidy("\n\n  a\n\n  \n\t\nb\n  \nc\n\n\n")).isEqualTo("a\n\nb\n  \nc");
        assertThat(FreemarkerEngine.tidy("x")).isEqualTo("x");
        assertThat(FreemarkerEngine.tidy("x\n    \n    \ny")).isEqualTo("x\n\ny");
        assertThat(FreemarkerEngine.tidy("")).isEmpty();
    }

    @Test
    void placeholdersAreReplacedOnlyWhenKnown() {
        java.util.Map<String, String> values = java.util.Map.of("a", "1", "b_2", "two");
        assertThat(Placeholders.apply("<a><b_2> x < y <c> <a <a>>", values)).isEqualTo("1two x < y <c> <a 1>");
        assertThat(Placeholders.apply("no placeholders", values)).isEqualTo("no placeholders");
        assertThat(Placeholders.apply("<<a>", values)).isEqualTo("<1");
    }
}
