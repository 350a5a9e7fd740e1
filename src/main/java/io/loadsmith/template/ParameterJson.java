package io.loadsmith.template;

import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.limits.Limits;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** A template parameter; {@code type} defaults to STRING, {@code required} to false. */
public record ParameterJson(
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        ParameterType type,
        // Boxed so that leaving it out is false rather than a missing primitive (refused while reading).
        @Schema(description = "Whether every call must give the parameter; false when left out", defaultValue = "false")
        Boolean required,
        @Size(max = Limits.VALUE, message = Limits.CHARACTERS) String defaultValue,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description) {

    public ParameterJson {
        required = Boolean.TRUE.equals(required);
    }
}
