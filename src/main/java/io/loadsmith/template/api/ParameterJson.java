package io.loadsmith.template.api;

import io.loadsmith.template.ParameterType;
import jakarta.validation.constraints.NotBlank;

/** A template parameter; {@code type} defaults to STRING. */
public record ParameterJson(@NotBlank String name, ParameterType type, boolean required, String defaultValue,
                            String description) {
}
