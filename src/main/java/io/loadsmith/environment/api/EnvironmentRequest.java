package io.loadsmith.environment.api;

import java.util.Map;

import jakarta.validation.constraints.NotBlank;

public record EnvironmentRequest(Long version, @NotBlank String name, String description, Map<String, String> variables) {

    public EnvironmentRequest {
        variables = variables == null ? Map.of() : variables;
    }
}
