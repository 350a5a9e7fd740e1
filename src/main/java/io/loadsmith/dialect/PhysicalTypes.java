package io.loadsmith.dialect;

import java.util.List;
import java.util.Map;

/**
 * Turns a logical datatype with its length / precision / scale into the dialect's physical type.
 * A pattern like {@code VARCHAR({length})} applies only when every placeholder it names is known,
 * so a dialect lists alternatives from most to least specific.
 */
public final class PhysicalTypes {

    private PhysicalTypes() {
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
