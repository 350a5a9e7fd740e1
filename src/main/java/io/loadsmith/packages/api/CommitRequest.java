package io.loadsmith.packages.api;

import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** Body of a commit: why, and who (until accounts exist, the caller says who it is). */
public record CommitRequest(
        @NotBlank @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String message,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String author) {
}
