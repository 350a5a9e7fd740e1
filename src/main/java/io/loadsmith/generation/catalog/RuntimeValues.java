package io.loadsmith.generation.catalog;

import java.util.Locale;
import java.util.Set;

/**
 * What a transformation type renders as where it has no formula for the dialect: a run-time value.
 * The commercial tool's configuration has such types (RUN_ID, DV_STATUS, LOAD_NAME for some
 * products) whose value its engine provides when the load runs; Loadsmith keeps them and renders:
 * <ul>
 * <li>a type of the current time ({@link #TIMESTAMP_TYPES}): the dialect's {@code CURRENT_TIMESTAMP};</li>
 * <li>any other: its placeholder inside a string literal, {@code '<run_id>'} for RUN_ID. A placeholder
 *     the generator knows ({@code <load_name>}, ...) is replaced by it, one that the chosen environment
 *     defines by the environment's value, and the rest is left for the runner. Quoted, so whatever a
 *     runner puts there is data, not SQL.</li>
 * </ul>
 * Library, stored and imported types follow the same rule; a name that no source defines is still a miss.
 */
public final class RuntimeValues {

    /** The variant name reported for a run-time value. */
    public static final String VARIANT = "run-time value";

    /** Types whose natural value is the engine's current time. */
    static final Set<String> TIMESTAMP_TYPES = Set.of("CURRENT_TS", "CURRENT_TIMESTAMP", "LOAD_TIME", "LOAD_TIMESTAMP",
            "LOAD_TS", "RUN_TIMESTAMP", "RUN_TS");

    private RuntimeValues() {
    }

    /** The placeholder a type's run-time value stands for: {@code run_id} for RUN_ID. */
    public static String placeholder(String type) {
        return type.toLowerCase(Locale.ROOT);
    }

    /** The FreeMarker text of the run-time value (rendered like a formula, so CURRENT_TIMESTAMP is the dialect's). */
    public static String formula(String type) {
        if (TIMESTAMP_TYPES.contains(type.toUpperCase(Locale.ROOT))) {
            return "${fn.current_timestamp()}";
        }
        return "'<" + placeholder(type) + ">'";
    }

    /** The run-time value as the designer and the API show it (the SQL for the timestamp types). */
    public static String describe(String type) {
        return TIMESTAMP_TYPES.contains(type.toUpperCase(Locale.ROOT)) ? "CURRENT_TIMESTAMP (the dialect's)"
                : "'<" + placeholder(type) + ">'";
    }
}
