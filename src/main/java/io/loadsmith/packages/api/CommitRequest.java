package io.loadsmith.packages.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** Body of a commit: why, and who (until accounts exist, the caller says who it is). */
public record CommitRequest(@NotBlank @Size(max = 2000) String message, @Size(max = 128) String author) {
}
