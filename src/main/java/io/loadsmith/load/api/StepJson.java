package io.loadsmith.load.api;

import io.loadsmith.generation.model.StepType;
import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** A load step; {@code type} is PRE, OVERRIDE or POST. */
public record StepJson(
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        @NotNull StepType type,
        @NotBlank @Size(max = Limits.STEP_TEXT, message = Limits.CHARACTERS) String text) {
}
