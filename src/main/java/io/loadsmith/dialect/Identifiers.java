package io.loadsmith.dialect;

import java.util.regex.Pattern;

import io.loadsmith.problem.Violations;

/**
 * The identifier rule of the model: names that every target dialect accepts unquoted and that
 * placeholders like {@code <target_entity_name>} can carry. Letters, digits and _, not starting
 * with a digit, at most 128 characters (the smallest limit among the targets).
 */
public final class Identifiers {

    public static final int MAX_LENGTH = 128;
    private static final Pattern RULE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private Identifiers() {
    }

    public static boolean isValid(String value) {
        return value != null && value.length() <= MAX_LENGTH && RULE.matcher(value).matches();
    }

    /** Adds a problem for {@code field} unless {@code value} is a valid identifier; null counts as missing. */
    public static void check(Violations violations, String field, String value) {
        if (value == null || value.isBlank()) {
            violations.add(field, value, "is required");
        } else if (value.length() > MAX_LENGTH) {
            violations.add(field, value, "is " + value.length() + " characters long; identifiers have at most "
                    + MAX_LENGTH);
        } else if (!RULE.matcher(value).matches()) {
            violations.add(field, value, "is not a valid identifier: use letters, digits and _, not starting with a digit");
        }
    }

    /** Like {@link #check} but a missing value is fine. */
    public static void checkOptional(Violations violations, String field, String value) {
        if (value != null) {
            check(violations, field, value);
        }
    }
}
