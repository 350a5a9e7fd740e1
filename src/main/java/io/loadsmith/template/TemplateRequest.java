package io.loadsmith.template;

import java.util.List;
import java.util.Map;

import io.loadsmith.limits.Limits;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** {@code variants}: FreeMarker text by "default" or dialect name (unknown dialects are refused). */
public record TemplateRequest(
        Long version,
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String packageName,
        @Size(max = Limits.PARAMETERS, message = Limits.ENTRIES) List<@Valid ParameterJson> parameters,
        @Size(max = Limits.VARIANTS, message = Limits.ENTRIES)
        Map<@Size(max = Limits.CODE, message = Limits.CHARACTERS) String,
                @Size(max = Limits.TEMPLATE_TEXT, message = Limits.CHARACTERS) String> variants) {

    public TemplateRequest {
        parameters = parameters == null ? List.of() : List.copyOf(parameters);
        variants = variants == null ? Map.of() : variants;
    }
}
