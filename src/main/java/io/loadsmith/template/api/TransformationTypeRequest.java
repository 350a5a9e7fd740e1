package io.loadsmith.template.api;

import java.util.Map;

import jakarta.validation.constraints.NotBlank;

/** {@code formulas}: FreeMarker text by "default" or dialect name; none means "use the library's". */
public record TransformationTypeRequest(Long version, @NotBlank String name, String description,
                                        Map<String, String> formulas) {

    public TransformationTypeRequest {
        formulas = formulas == null ? Map.of() : formulas;
    }
}
