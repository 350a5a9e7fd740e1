package io.loadsmith.dialect;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Turns a logical datatype with its length / precision / scale into the dialect's physical type.
 * A pattern like {@code VARCHAR({length})} applies only when every placeholder it names is known,
 * so a dialect lists alternatives from most to least specific.
 */
public final class PhysicalTypes {

    private static final String WORD = "[A-Za-z_][A-Za-z0-9_]*";
    private static final String ARGUMENT = "(?:[0-9]{1,9}|\\{(?:length|precision|scale)\\}|" + WORD + ")";
    private static final String BASE = WORD + "(?: " + WORD + ")*(?: ?\\( ?" + ARGUMENT + "(?: ?, ?" + ARGUMENT
            + ")* ?\\))?(?: " + WORD + ")*";
    /** One type: words, optional (arguments), optional <element types> (ARRAY<STRING>), optional []. */
    private static final Pattern TYPE = Pattern.compile(
            BASE + "(?:<" + BASE + "(?: ?, ?" + BASE + ")*>)?(?:\\[\\])?");

    private static final java.util.Set<String> CHECKED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** What a physical pattern must look like to be written into a CREATE TABLE. */
    public static final String TYPE_RULE = "one type expression: a type name of letters, digits and _ (several words "
            + "allowed, DOUBLE PRECISION), with optional arguments of numbers or {length}, {precision}, {scale} "
            + "(VARCHAR({length}), NUMBER({precision},{scale})), element types (ARRAY<STRING>) or []";

    private PhysicalTypes() {
    }

    /** Whether a pattern is one type expression (so it cannot carry other SQL into a statement). */
    public static boolean isTypeExpression(String pattern) {
        if (pattern == null || pattern.length() > 200) {
            return false;
        }
        // Each attribute of each render checks its pattern; there are only as many as mappings, so
        // the ones that passed are remembered (bounded, in case mappings keep changing).
        if (CHECKED.contains(pattern)) {
            return true;
        }
        boolean valid = TYPE.matcher(pattern).matches();
        if (valid && CHECKED.size() < 10_000) {
            CHECKED.add(pattern);
        }
        return valid;
    }

    /**
     * @param overrides patterns stored by users for this dialect (logical type to pattern); they win
     *                  over the dialect file
     */
    public static String resolve(Dialect dialect, String datatype, Integer length, Integer precision,
                                 Integer scale, Map<String, String> overrides) {
        List<String> patterns = overrides.containsKey(datatype)
                ? List.of(overrides.get(datatype))
                : dialect.datatypes().get(datatype);
        if (patterns == null) {
            throw new IllegalArgumentException("Datatype '" + datatype + "' has no physical type in dialect "
                    + dialect.name() + "; it maps " + String.join(", ", dialect.datatypes().keySet()) + ".");
        }
        for (String pattern : patterns) {
            if (!isTypeExpression(pattern)) {
                // A mapping stored or imported before the rule: refuse it here rather than write it.
                throw new IllegalArgumentException("Datatype '" + datatype + "' maps to '" + pattern + "' in dialect "
                        + dialect.name() + ", which is not " + TYPE_RULE + ".");
            }
            String result = fill(pattern, "{length}", length);
            result = fill(result, "{precision}", precision);
            result = fill(result, "{scale}", scale);
            if (result != null) {
                return result;
            }
        }
        // The last alternative names a value we do not have: say which.
        throw new IllegalArgumentException("Datatype '" + datatype + "' needs " + patterns.get(patterns.size() - 1)
                + " in dialect " + dialect.name() + ", but the attribute does not give it.");
    }

    private static String fill(String pattern, String placeholder, Integer value) {
        if (pattern == null || !pattern.contains(placeholder)) {
            return pattern;
        }
        return value == null ? null : pattern.replace(placeholder, value.toString());
    }
}
