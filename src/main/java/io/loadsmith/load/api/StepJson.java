package io.loadsmith.load.api;

import io.loadsmith.generation.model.StepType;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

/** A load step; {@code type} is PRE, OVERRIDE or POST. */
public record StepJson(@NotBlank String name, @NotNull StepType type, @NotBlank String text) {
}
