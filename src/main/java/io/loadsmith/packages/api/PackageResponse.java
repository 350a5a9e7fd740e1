package io.loadsmith.packages.api;

import java.time.Instant;

public record PackageResponse(long id, long version, String name, String description, Instant createdAt,
                              Instant updatedAt) {
}
