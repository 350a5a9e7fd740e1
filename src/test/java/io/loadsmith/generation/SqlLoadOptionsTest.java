package io.loadsmith.generation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import io.loadsmith.generation.context.PlainValues;
import org.junit.jupiter.api.Test;

import io.loadsmith.problem.Violations;

/**
 * OPT_WHERE and OPT_NOT_EXISTS_WHERE are SQL conditions the load's author writes (generated loads
 * read them): saved and generated although they hold spaces and quotes; every other option and
 * every environment variable keeps the plain-value rule.
 */
class SqlLoadOptionsTest {

    @Test
    void sqlOptionsTakeConditions() {
        Violations violations = new Violations();
        PlainValues.check(violations, "options", Map.of("OPT_WHERE", "s.region = 'EU' AND s.id > 1",
                "OPT_NOT_EXISTS_WHERE", "t.dv_record_source <> 'X'"));
        assertThat(violations.isEmpty()).isTrue();
        assertThat(PlainValues.optionProblem("OPT_WHERE", "s.x = 'a'")).isEmpty();
    }

    @Test
    void otherOptionsAndVariablesStayPlain() {
        Violations options = new Violations();
        PlainValues.check(options, "options", Map.of("OPT_OTHER", "a = 'b'"));
        assertThat(options.isEmpty()).isFalse();
        Violations variables = new Violations();
        PlainValues.check(variables, "variables", Map.of("OPT_WHERE", "a = 'b'"));
        assertThat(variables.isEmpty()).as("an environment variable named like the option is no SQL").isFalse();
        assertThat(PlainValues.optionProblem("OPT_SKIP_DUPLICATE_PREVENTION", "true; DROP")).isPresent();
        assertThat(PlainValues.optionProblem("OPT_WHERE", "a\0b")).contains("may not contain NUL");
    }
}
