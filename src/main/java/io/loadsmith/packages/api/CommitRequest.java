package io.loadsmith.packages.api;

import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * Body of a commit: why. The author is the signed-in user; {@code author} is kept only so that a
 * request that still sends it is refused with a message rather than silently ignored.
 */
public record CommitRequest(
        @NotBlank @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String message,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String author) {
}
