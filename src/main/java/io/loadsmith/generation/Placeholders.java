package io.loadsmith.generation;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;

/**
 * Replaces {@code <name>} placeholders after templates have rendered. SQL is full of {@code <}
 * comparisons, so only known names are replaced and everything else is left as written.
 */
final class Placeholders {

    private static final Pattern PLACEHOLDER = Pattern.compile("<([A-Za-z_][A-Za-z0-9_]*)>");

    private Placeholders() {
    }

    /** The load's own names first; environment variables may not redefine them. */
    static Map<String, String> of(LoadModel load, String dialect, Map<String, String> environment) {
        Map<String, String> values = new LinkedHashMap<>(environment);
        EntityModel target = load.target();
        values.put("target_schema", target.schema());
        values.put("target_entity_name", target.name());
        values.put("target_entity_logical_name", target.logicalName());
        values.put("target_entity_type", target.entityType() == null ? "" : target.entityType());
        values.put("load_name", load.name());
        values.put("target_dbms", dialect);
        if (!load.sources().isEmpty()) {
            EntityModel source = load.sources().get(0);
            values.put("source_entity_schema", source.schema());
            values.put("source_entity_name", source.name());
            values.put("source_entity_logical_name", source.logicalName());
        }
        return values;
    }

    static String apply(String text, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (m.find()) {
            String value = values.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value == null ? m.group() : value));
        }
        m.appendTail(out);
        return out.toString();
    }
}
