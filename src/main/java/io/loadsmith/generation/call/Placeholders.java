package io.loadsmith.generation.call;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;

/**
 * Replaces {@code <name>} placeholders after templates have rendered. SQL is full of {@code <}
 * comparisons, so only known names are replaced and everything else is left as written.
 */
public final class Placeholders {

    /** The names the load itself fills in, whatever an environment says. */
    public static final Set<String> OF_THE_LOAD = Set.of("target_schema", "target_entity_name",
            "target_entity_logical_name", "target_entity_type", "load_name", "loadname", "target_dbms",
            "source_entity_schema", "source_entity_name", "source_entity_logical_name");

    private Placeholders() {
    }

    /**
     * The load's own placeholder that {@code name} spells in any case ({@code TARGET_SCHEMA},
     * {@code Load_Name}), or null: such a name would read as the load's own value and silently win.
     */
    public static String ofTheLoad(String name) {
        String lower = name == null ? null : name.toLowerCase(java.util.Locale.ROOT);
        return OF_THE_LOAD.contains(lower) ? lower : null;
    }

    /** The load's own names first; environment variables may not redefine them. */
    public static Map<String, String> of(LoadModel load, String dialect, Map<String, String> environment) {
        Map<String, String> values = new LinkedHashMap<>(environment);
        EntityModel target = load.target();
        values.put("target_schema", target.schema());
        values.put("target_entity_name", target.name());
        values.put("target_entity_logical_name", target.logicalName());
        values.put("target_entity_type", target.entityType() == null ? "" : target.entityType());
        values.put("load_name", load.name());
        // The commercial tool's formulas write it without the underscore.
        values.put("loadname", load.name());
        values.put("target_dbms", dialect);
        if (!load.sources().isEmpty()) {
            EntityModel source = load.sources().get(0);
            values.put("source_entity_schema", source.schema());
            values.put("source_entity_name", source.name());
            values.put("source_entity_logical_name", source.logicalName());
        }
        return values;
    }

    /** A scan rather than a regex: it runs over every generated line of every load (see the benchmarks). */
    public static String apply(String text, Map<String, String> values) {
        int open = text.indexOf('<');
        if (open < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 256);
        int copied = 0;
        while (open >= 0) {
            int end = open + 1;
            if (end < text.length() && isStart(text.charAt(end))) {
                end++;
                while (end < text.length() && isPart(text.charAt(end))) {
                    end++;
                }
                if (end < text.length() && text.charAt(end) == '>') {
                    String value = values.get(text.substring(open + 1, end));
                    if (value != null) {
                        out.append(text, copied, open).append(value);
                        copied = end + 1;
                    }
                }
            }
            open = text.indexOf('<', open + 1);
        }
        return copied == 0 ? text : out.append(text, copied, text.length()).toString();
    }

    private static boolean isStart(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    }

    private static boolean isPart(char c) {
        return isStart(c) || (c >= '0' && c <= '9');
    }
}
