package io.loadsmith.generation.call;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.TemplateDefinition;

/**
 * Checks a call's arguments against the template's parameters and converts each for its kind and
 * the dialect ({@link ParameterKinds}). Defaults fill what the call leaves out. All problems of one
 * call are reported together.
 */
public final class ParameterBinder {

    private ParameterBinder() {
    }

    /** Without a dialect: what the store checks before it saves a load. */
    static Map<String, Object> bind(TemplateDefinition template, Map<String, String> arguments) {
        return bind(template, arguments, null, null);
    }

    /** For a dialect; {@code placeholders} are replaced in names and text values before they are checked. */
    public static Map<String, Object> bind(TemplateDefinition template, Map<String, String> arguments, Dialect dialect,
                                    Map<String, String> placeholders) {
        List<String> problems = new ArrayList<>();
        for (String given : arguments.keySet()) {
            if (template.parameter(given).isEmpty()) {
                problems.add("unknown parameter '" + given + "' (the template takes "
                        + (template.parameters().isEmpty() ? "no parameters"
                        : String.join(", ", template.parameters().stream().map(ParameterDefinition::name).toList()))
                        + ")");
            }
        }
        Map<String, Object> bound = new LinkedHashMap<>();
        for (ParameterDefinition parameter : template.parameters()) {
            String raw = arguments.get(parameter.name());
            if (raw == null) {
                raw = parameter.defaultValue();
            }
            Object value = null;
            if (raw != null) {
                try {
                    value = ParameterKinds.convert(parameter, raw, dialect, placeholders);
                } catch (IllegalArgumentException e) {
                    problems.add(e.getMessage());
                    continue;
                }
            }
            if (value != null) {
                bound.put(parameter.name(), value);
            } else if (parameter.required()) {
                problems.add("missing required parameter '" + parameter.name() + "' (" + parameter.type() + ")");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return bound;
    }
}
