package io.loadsmith.template.api;

import java.util.List;
import java.util.Map;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;

/** {@code variants}: FreeMarker text by "default" or dialect name. */
public record TemplateRequest(
        Long version,
        @NotBlank String name,
        String description,
        String packageName,
        List<@Valid ParameterJson> parameters,
        Map<String, String> variants) {

    public TemplateRequest {
        parameters = parameters == null ? List.of() : List.copyOf(parameters);
        variants = variants == null ? Map.of() : variants;
    }
}
