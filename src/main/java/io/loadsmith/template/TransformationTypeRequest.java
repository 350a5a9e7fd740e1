package io.loadsmith.template;

import java.util.Map;

import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** {@code formulas}: FreeMarker text by "default" or dialect name; none means "use the library's". */
public record TransformationTypeRequest(
        Long version,
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description,
        @Size(max = Limits.VARIANTS, message = Limits.ENTRIES)
        Map<@Size(max = Limits.CODE, message = Limits.CHARACTERS) String,
                @Size(max = Limits.FORMULA_TEXT, message = Limits.CHARACTERS) String> formulas) {

    public TransformationTypeRequest {
        formulas = formulas == null ? Map.of() : formulas;
    }
}
