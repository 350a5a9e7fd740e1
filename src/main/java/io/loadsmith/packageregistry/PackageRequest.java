package io.loadsmith.packageregistry;

import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** Body of POST and PUT; {@code version} is the one read before a PUT (ignored on POST). */
public record PackageRequest(
        Long version,
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description) {
}
