package io.loadsmith.template.api;

import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** A template parameter; {@code type} defaults to STRING. */
public record ParameterJson(
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        ParameterType type,
        boolean required,
        @Size(max = Limits.VALUE, message = Limits.CHARACTERS) String defaultValue,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description) {
}
