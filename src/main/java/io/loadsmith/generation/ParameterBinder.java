package io.loadsmith.generation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.loadsmith.template.ParameterDefinition;
import io.loadsmith.template.TemplateDefinition;

/**
 * Checks a call's arguments against the template's parameters and converts them to their types:
 * STRING as given, BOOLEAN from true/false, INTEGER, LIST from comma-separated items. Defaults fill
 * what the call leaves out. All problems of one call are reported together.
 */
final class ParameterBinder {

    private ParameterBinder() {
    }

    static Map<String, Object> bind(TemplateDefinition template, Map<String, String> arguments) {
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
            if (raw == null) {
                if (parameter.required()) {
                    problems.add("missing required parameter '" + parameter.name() + "' (" + parameter.type() + ")");
                }
                continue;
            }
            try {
                bound.put(parameter.name(), convert(parameter, raw));
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return bound;
    }

    private static Object convert(ParameterDefinition parameter, String raw) {
        return switch (parameter.type()) {
            case STRING -> raw;
            case BOOLEAN -> switch (raw.trim().toLowerCase(Locale.ROOT)) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                default -> throw new IllegalArgumentException("parameter '" + parameter.name()
                        + "' is BOOLEAN: give true or false, not '" + raw + "'");
            };
            case INTEGER -> {
                try {
                    yield Long.parseLong(raw.trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("parameter '" + parameter.name()
                            + "' is INTEGER: '" + raw + "' is not a whole number");
                }
            }
            case LIST -> raw.isBlank() ? List.of()
                    : Arrays.stream(raw.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        };
    }
}
