package io.loadsmith.generation.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.render.EngineSandboxTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code fn.regex_*}: RE2 syntax on RE2/J. The patterns that made Java's engine backtrack for ever
 * answer at once (linear time, whatever the pattern), the ones that would make RE2/J build millions
 * of states are refused by their weight, and every mistake says which function and what is wrong.
 */
class RegexFunctionsTest {

    static List<List<String>> answers() {
        String xs = "x".repeat(100_000);
        return List.of(
                // Catastrophic for a backtracking engine; a single pass here.
                List.of("${fn.regex_matches('" + xs + "', '(x+x+)+y')?c}", "false"),
                List.of("${fn.regex_matches('" + xs + "', '((x*)*)*y')?c}", "false"),
                List.of("${fn.regex_matches('" + xs + "', '(x+)+')?c}", "true"),
                List.of("${fn.regex_matches('2026-12-07', '\\\\d{4}-\\\\d{2}-\\\\d{2}')?c}", "true"),
                List.of("${fn.regex_matches('', 'a*')?c}|${fn.regex_matches('', 'a+')?c}", "true|false"),
                List.of("${fn.regex_replace('a1b22c', '[0-9]+', '#')}", "a#b#c"),
                List.of("${fn.regex_replace('LOAD_Vessel', '(?i)^load_(\\\\w+)$', 'dim_$1')}", "dim_Vessel"),
                List.of("${fn.regex_replace('', 'x', 'y')}|${fn.regex_replace('abc', 'z', 'y')}", "|abc"),
                List.of("${fn.regex_split('a, b,,c', ',\\\\s*')?join('|')}", "a|b||c"),
                List.of("${fn.regex_split('abc', ',')?size}", "1"));
    }

    @ParameterizedTest
    @MethodSource("answers")
    void answers(List<String> textAndSql) {
        assertThat(EngineSandboxTest.render(textAndSql.get(0))).isEqualTo(textAndSql.get(1));
    }

    static List<List<String>> mistakes() {
        return List.of(
                List.of("${fn.regex_matches('aaa', '(a{1000}){1000}')?c}", "fn.regex_matches: the pattern '(a{1000}){1000}' is too large"),
                List.of("${fn.regex_matches('aaa', '((a{100}){100}){100}')?c}", "is too large"),
                List.of("<#assign a = 'a'?right_pad(1000, 'a')>${fn.regex_matches(a + a + a + a + a, '[a-z]{0,400}b')?c}",
                        "the text (5000 characters) is too long for the pattern '[a-z]{0,400}b' (at most 384 characters for it)"),
                List.of("${fn.regex_matches('a', '(a')?c}", "fn.regex_matches: the pattern '(a' is not a regular expression: missing closing )"),
                List.of("${fn.regex_matches('a')?c}", "fn.regex_matches takes 2 arguments (text, pattern), not 1"),
                List.of("${fn.regex_replace('a', 'a')}", "fn.regex_replace takes 3 arguments (text, pattern, replacement), not 2"),
                List.of("${fn.regex_replace('a', 'a', '$2')}", "names a group the pattern does not have"),
                List.of("${fn.regex_split(model.load.steps, ',')?size}", "fn.regex_split: the text must be a string"));
    }

    @ParameterizedTest
    @MethodSource("mistakes")
    void mistakesSayWhatIsWrong(List<String> textAndMessage) {
        assertThatThrownBy(() -> EngineSandboxTest.render(textAndMessage.get(0)))
                .isInstanceOfSatisfying(GenerationException.class, e -> {
                    assertThat(e.detail()).contains(textAndMessage.get(1));
                    assertThat(e.location().line()).isEqualTo(1);
                    EngineSandboxTest.assertNoLeak(e.detail());
                });
    }

    @Test
    void weightCountsRepetitionsAndIgnoresEscapedBraces() {
        assertThat(RegexFunctions.weight("abc")).isEqualTo(3);
        assertThat(RegexFunctions.weight("a{10}")).isEqualTo(50);
        assertThat(RegexFunctions.weight("a{2,10}b{3}")).isEqualTo(11 * 10 * 3);
        assertThat(RegexFunctions.weight("a\\{1000}")).isEqualTo(8);
        assertThat(RegexFunctions.weight("a{99999999999}")).isGreaterThan(RegexFunctions.MAX_PATTERN_WEIGHT);
    }

    @Test
    void theFunctionsAreListedWithTheDialectsOwn() {
        assertThatThrownBy(() -> EngineSandboxTest.render("${fn.regex_nothing('a')}"))
                .isInstanceOfSatisfying(GenerationException.class, e -> assertThat(e.detail())
                        .contains("regex_matches", "regex_replace", "regex_split", "literal"));
    }
}
