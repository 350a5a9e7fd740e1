package io.loadsmith.load;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.StepKind;
import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * A load step; {@code type} is PRE, OVERRIDE or POST. {@code kind} (optional) is how the designer
 * shows it: {@code SQL} keeps a step whose whole text is one template call as SQL; absent, a text
 * that is one call shows as that template's form. Generation does not read it.
 */
public record StepJson(
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        @NotNull StepType type,
        @NotBlank @Size(max = Limits.STEP_TEXT, message = Limits.CHARACTERS) String text,
        @JsonInclude(JsonInclude.Include.NON_NULL) StepKind kind) {

    public StepJson(String name, StepType type, String text) {
        this(name, type, text, null);
    }
}
