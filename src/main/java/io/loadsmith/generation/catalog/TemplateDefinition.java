package io.loadsmith.generation.catalog;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A load template, a transformation type or a DDL template: a name and its FreeMarker text per
 * dialect ("default" where no dialect variant exists). {@code origin} says where it came from
 * ("library" or "store"), for messages. {@code fullRefresh}: whether a call rewrites the whole target
 * (template.yaml {@code fullRefresh}); {@code historicalInput}: whether a call reads historical input
 * (template.yaml {@code historicalInput}); both decide the full-refresh safety policy that applies.
 * Templates without the declarations (store templates) are neither.
 */
public record TemplateDefinition(
        TemplateKind kind,
        String name,
        String description,
        List<ParameterDefinition> parameters,
        Map<String, String> variants,
        String origin,
        TemplateFlag fullRefresh,
        TemplateFlag historicalInput) {

    public static final String DEFAULT_VARIANT = "default";

    public TemplateDefinition {
        parameters = List.copyOf(parameters);
        variants = Map.copyOf(variants);
        fullRefresh = fullRefresh == null ? TemplateFlag.NO : fullRefresh;
        historicalInput = historicalInput == null ? TemplateFlag.NO : historicalInput;
    }

    /** A template that declares neither a full refresh nor historical input. */
    public TemplateDefinition(TemplateKind kind, String name, String description, List<ParameterDefinition> parameters,
                              Map<String, String> variants, String origin) {
        this(kind, name, description, parameters, variants, origin, TemplateFlag.NO, TemplateFlag.NO);
    }

    public Optional<ParameterDefinition> parameter(String parameterName) {
        return parameters.stream().filter(p -> p.name().equals(parameterName)).findFirst();
    }
}
