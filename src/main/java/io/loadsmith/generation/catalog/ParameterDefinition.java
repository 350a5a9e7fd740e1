package io.loadsmith.generation.catalog;

import java.util.List;

/**
 * A parameter that a load template accepts. A required parameter has no default. {@code values},
 * when not empty, are the only values the parameter takes (a STRING or LIST item is one of them);
 * the designer offers them as a choice and the engine refuses any other.
 */
public record ParameterDefinition(
        String name,
        ParameterType type,
        boolean required,
        String defaultValue,
        String description,
        List<String> values) {

    public ParameterDefinition {
        values = values == null ? List.of() : List.copyOf(values);
    }

    public ParameterDefinition(String name, ParameterType type, boolean required, String defaultValue, String description) {
        this(name, type, required, defaultValue, description, List.of());
    }
}
