package io.loadsmith.generation.catalog;

import java.util.Collection;
import java.util.Map;

/**
 * A yes/no property of a template call declared in template.yaml: a constant ({@code true} /
 * {@code false}) or {@code {parameter: NAME}}, which holds when the call's bound parameter NAME is
 * true (BOOLEAN) or given and not empty (STRING, LIST). Used for {@code fullRefresh} and
 * {@code historicalInput}, so that what counts as a full refresh or as historical input is said by
 * the templates, not by Java code.
 */
public record TemplateFlag(boolean constant, String parameter) {

    public static final TemplateFlag NO = new TemplateFlag(false, null);
    public static final TemplateFlag YES = new TemplateFlag(true, null);

    public static TemplateFlag ofParameter(String name) {
        return new TemplateFlag(false, name);
    }

    /** Reads a template.yaml value: absent → NO, a boolean, or a map with the key "parameter". */
    public static TemplateFlag parse(Object yaml, String where) {
        if (yaml == null) {
            return NO;
        }
        if (yaml instanceof Boolean b) {
            return b ? YES : NO;
        }
        if (yaml instanceof Map<?, ?> map && map.size() == 1 && map.get("parameter") instanceof String name
                && !name.isBlank()) {
            return ofParameter(name);
        }
        throw new IllegalArgumentException(where + ": give true, false or {parameter: NAME}, not '" + yaml + "'");
    }

    /** Whether the flag holds for a call with these bound arguments (see ParameterBinder). */
    public boolean holds(Map<String, Object> arguments) {
        if (parameter == null) {
            return constant;
        }
        Object value = arguments.get(parameter);
        if (value instanceof Boolean b) {
            return b;
        }
        if (value instanceof Collection<?> c) {
            return !c.isEmpty();
        }
        return value != null && !String.valueOf(value).isBlank();
    }

    public String describe() {
        return parameter == null ? String.valueOf(constant) : "{parameter: " + parameter + "}";
    }
}
