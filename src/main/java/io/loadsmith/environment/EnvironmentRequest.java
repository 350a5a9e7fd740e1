package io.loadsmith.environment;

import java.util.Map;

import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** {@code variables}: value by name; each becomes a {@code <name>} placeholder in generated SQL. */
public record EnvironmentRequest(
        Long version,
        @NotBlank @Size(max = Limits.ENVIRONMENT_NAME, message = Limits.CHARACTERS) String name,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description,
        @Size(max = Limits.VARIABLES, message = Limits.ENTRIES)
        Map<@Size(max = Limits.NAME, message = Limits.CHARACTERS) String,
                @Size(max = Limits.VALUE, message = Limits.CHARACTERS) String> variables) {

    public EnvironmentRequest {
        variables = variables == null ? Map.of() : variables;
    }
}
