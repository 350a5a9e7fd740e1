package io.loadsmith.packages.deployment;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.loadsmith.limits.Limits;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/**
 * A deployment that tooling reports: the package (by name), the committed version it deployed, the
 * dialect, and optionally when (default now) and a note. Who is the caller, whatever deployedBy says.
 */
public record DeploymentRequest(
        @JsonProperty("package") @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String packageName,
        @NotNull @Positive Integer version,
        @NotBlank @Size(max = Limits.CODE, message = Limits.CHARACTERS) String dialect,
        @Schema(description = "Who deployed: always recorded as the caller (the signed-in user or the token's owner);"
                + " a different name is refused with 422. Put a tool's name in the note.")
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String deployedBy,
        @Schema(description = "When it was deployed (default now): between the version's commit and now, give or"
                + " take 5 minutes of clock skew, else 422")
        Instant deployedAt,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String note) {
}
