package io.loadsmith.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.StringLength;

/** The identifier rule, a hand-written scan since issue 18.5, against the regular expression it replaced. */
class IdentifiersTest {

    private static final Pattern RULE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    @Property(tries = 2000)
    void theScanAcceptsWhatTheRuleAccepts(@ForAll @StringLength(max = 140)
                                          @CharRange(from = '0', to = 'z') @Chars({'_', ' ', '-', '.', '"', 'é', 'İ', '٣', '０', 'ſ'})
                                          String name) {
        assertThat(Identifiers.isValid(name)).as("'%s'", name)
                .isEqualTo(name.length() <= Identifiers.MAX_LENGTH && RULE.matcher(name).matches());
    }

    @Test
    void edges() {
        assertThat(Identifiers.isValid("_")).isTrue();
        assertThat(Identifiers.isValid("a1_B")).isTrue();
        assertThat(Identifiers.isValid("x".repeat(128))).isTrue();
        assertThat(Identifiers.isValid("x".repeat(129))).isFalse();
        assertThat(Identifiers.isValid("")).isFalse();
        assertThat(Identifiers.isValid(null)).isFalse();
        assertThat(Identifiers.isValid("1a")).isFalse();
        assertThat(Identifiers.isValid("a b")).isFalse();
        assertThat(Identifiers.isValid("Kelvin\u212A")).isFalse();
        assertThat(Identifiers.isValid("caf\u00e9")).isFalse();
    }
}
