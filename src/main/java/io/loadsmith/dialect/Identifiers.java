package io.loadsmith.dialect;

import io.loadsmith.problem.Violations;

/**
 * The identifier rule of the model: names that every target dialect accepts unquoted and that
 * placeholders like {@code <target_entity_name>} can carry. Letters, digits and _, not starting
 * with a digit, at most 128 characters (the smallest limit among the targets).
 */
public final class Identifiers {

    public static final int MAX_LENGTH = 128;

    private Identifiers() {
    }

    public static boolean isValid(String value) {
        if (value == null || value.isEmpty() || value.length() > MAX_LENGTH || isDigit(value.charAt(0))) {
            return false;
        }
        // A scan, not a regular expression: every attribute of every load is checked on each render.
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || isDigit(c) || c == '_')) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Adds a problem for {@code field} unless {@code value} is a valid identifier; null counts as missing. */
    public static void check(Violations violations, String field, String value) {
        if (value == null || value.isBlank()) {
            violations.add(field, value, "is required");
        } else if (value.length() > MAX_LENGTH) {
            violations.add(field, value, "is " + value.length() + " characters long; identifiers have at most "
                    + MAX_LENGTH);
        } else if (!isValid(value)) {
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
