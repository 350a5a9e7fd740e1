package io.loadsmith.generation.catalog;

import java.util.Collection;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A yes/no property of a template call declared in template.yaml: a constant ({@code true} /
 * {@code false}), {@code {parameter: NAME}}, which holds when the call's bound parameter NAME is
 * true (BOOLEAN) or given and not empty (STRING, LIST), or {@code {unlessCapability: NAME}}, which
 * holds for a dialect without that capability (a template that rewrites the whole table only where
 * the engine cannot change it in place). Used for {@code fullRefresh} and {@code historicalInput},
 * so that what counts as a full refresh or as historical input is said by the templates, not by
 * Java code.
 */
public record TemplateFlag(boolean constant, String parameter, String unlessCapability) {

    public static final TemplateFlag NO = new TemplateFlag(false, null, null);
    public static final TemplateFlag YES = new TemplateFlag(true, null, null);

    public static TemplateFlag ofParameter(String name) {
        return new TemplateFlag(false, name, null);
    }

    public static TemplateFlag unlessCapability(String capability) {
        return new TemplateFlag(false, null, capability);
    }

    /** Reads a template.yaml value: absent → NO, a boolean, or a map with the key "parameter" or "unlessCapability". */
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
        if (yaml instanceof Map<?, ?> map && map.size() == 1 && map.get("unlessCapability") instanceof String name
                && !name.isBlank()) {
            return unlessCapability(name);
        }
        throw new IllegalArgumentException(where + ": give true, false, {parameter: NAME} or {unlessCapability: NAME},"
                + " not '" + yaml + "'");
    }

    /** Whether the flag holds for a call with these bound arguments; a capability counts as missing. */
    public boolean holds(Map<String, Object> arguments) {
        return holds(arguments, capability -> false);
    }

    /** Whether the flag holds for a call with these bound arguments, for a dialect that supports what {@code supports} says. */
    public boolean holds(Map<String, Object> arguments, Predicate<String> supports) {
        if (unlessCapability != null) {
            return !supports.test(unlessCapability);
        }
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
        if (unlessCapability != null) {
            return "{unlessCapability: " + unlessCapability + "}";
        }
        return parameter == null ? String.valueOf(constant) : "{parameter: " + parameter + "}";
    }
}
