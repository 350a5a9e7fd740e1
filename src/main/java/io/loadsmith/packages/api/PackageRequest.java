package io.loadsmith.packages.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** Body of POST and PUT; {@code version} is the one read before a PUT (ignored on POST). */
public record PackageRequest(Long version, @NotBlank @Size(max = 128) String name, @Size(max = 2000) String description) {
}
