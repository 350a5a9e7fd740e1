package io.loadsmith.deployment.api;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/**
 * A deployment that tooling reports: the package (by name), the committed version it deployed, the
 * dialect, and optionally who and when (default: the caller, now) and a note.
 */
public record DeploymentRequest(
        @JsonProperty("package") @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String packageName,
        @NotNull @Positive Integer version,
        @NotBlank @Size(max = Limits.CODE, message = Limits.CHARACTERS) String dialect,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String deployedBy,
        Instant deployedAt,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String note) {
}
