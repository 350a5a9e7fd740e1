package io.loadsmith.generation.context;

import java.util.Map;
import java.util.Optional;

import io.loadsmith.dialect.Identifiers;
import io.loadsmith.problem.Violations;

/**
 * The rule for values that are written into SQL as they stand, wherever a step or template puts
 * them: environment variable values ({@code <name>} placeholders) and load options
 * ({@code loadOpt(name)}). They may hold letters, digits and {@code _ . , : / @ + - = %}, but not
 * {@code --}: no quote, backslash, semicolon, white space, bracket, comment marker or placeholder
 * character, so a value cannot end a literal, a quoted name, a comment or a statement, and stays
 * one token (a database name, a path, a date, a number). Checked where they are stored and again
 * when SQL is generated (for values stored before the rule).
 */
public final class PlainValues {

    private static final String PUNCTUATION = "_.,:/@+-=%";

    /**
     * Load options whose value is a SQL condition the load's author writes, like a step's text
     * (generated loads read them: {@code OPT_WHERE}, {@code OPT_NOT_EXISTS_WHERE}); the plain-value
     * rule does not apply to them, only that they hold no NUL.
     */
    private static final java.util.Set<String> SQL_OPTIONS = java.util.Set.of("OPT_WHERE", "OPT_NOT_EXISTS_WHERE");

    private PlainValues() {
    }

    /**
     * Checks name-to-value maps where they are stored (environment variables, load and preset
     * options), each problem at {@code field.name}: names are identifiers, because steps and
     * templates call them by name ({@code <name>}, {@code loadOpt(name)}); a name without a value
     * cannot be written into SQL (nor stored), and a value must pass {@link #problem}.
     */
    public static void check(Violations violations, String field, Map<String, String> values) {
        values.forEach((name, value) -> {
            Identifiers.check(violations, field + "." + name, name);
            if (value == null) {
                violations.add(field + "." + name, null, "needs a value");
            }
            ("options".equals(field) ? optionProblem(name, value) : problem(value))
                    .ifPresent(problem -> violations.add(field + "." + name, value, problem));
        });
    }

    /** What is wrong with a load option's value: a SQL option's only rule is no NUL, the others' {@link #problem}. */
    public static Optional<String> optionProblem(String name, String value) {
        if (!SQL_OPTIONS.contains(name)) {
            return problem(value);
        }
        return value != null && value.indexOf('\0') >= 0 ? Optional.of("may not contain NUL") : Optional.empty();
    }

    /** What is wrong with the value, or empty when it may be written into SQL. */
    public static Optional<String> problem(String value) {
        if (value == null) {
            return Optional.empty();
        }
        for (int i = 0; i < value.length(); ) {
            int c = value.codePointAt(i);
            if (!Character.isLetterOrDigit(c) && PUNCTUATION.indexOf(c) < 0) {
                return Optional.of("may hold only letters, digits and " + String.join(" ", PUNCTUATION.split(""))
                        + " (it is written into SQL as it stands), not " + describe(c));
            }
            i += Character.charCount(c);
        }
        if (value.contains("--")) {
            return Optional.of("may not contain -- (it starts a SQL comment)");
        }
        return Optional.empty();
    }

    private static String describe(int c) {
        if (Character.isWhitespace(c) || Character.isISOControl(c)) {
            return "white space or control characters (U+" + String.format("%04X", c) + ")";
        }
        return "'" + new String(Character.toChars(c)) + "'";
    }
}
