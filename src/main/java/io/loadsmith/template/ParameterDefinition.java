package io.loadsmith.template;

/** A parameter that a load template accepts. A required parameter has no default. */
public record ParameterDefinition(
        String name,
        ParameterType type,
        boolean required,
        String defaultValue,
        String description) {
}
