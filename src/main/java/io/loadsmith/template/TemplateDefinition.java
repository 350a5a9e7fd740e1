package io.loadsmith.template;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A load template, a transformation type or a DDL template: a name and its FreeMarker text per
 * dialect ("default" where no dialect variant exists). {@code origin} says where it came from
 * ("library" or "store"), for messages.
 */
public record TemplateDefinition(
        TemplateKind kind,
        String name,
        String description,
        List<ParameterDefinition> parameters,
        Map<String, String> variants,
        String origin) {

    public static final String DEFAULT_VARIANT = "default";

    public TemplateDefinition {
        parameters = List.copyOf(parameters);
        variants = Map.copyOf(variants);
    }

    public Optional<ParameterDefinition> parameter(String parameterName) {
        return parameters.stream().filter(p -> p.name().equals(parameterName)).findFirst();
    }
}
