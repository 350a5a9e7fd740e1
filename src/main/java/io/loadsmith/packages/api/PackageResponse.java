package io.loadsmith.packages.api;

import java.time.Instant;

import io.loadsmith.audit.Audited;

public record PackageResponse(long id, long version, String name, String description, Instant createdAt,
                              Instant updatedAt) implements Audited {

    @Override
    public String auditName() {
        return name;
    }

    /** A package's changes are filed under the package itself. */
    @Override
    public String packageName() {
        return name;
    }
}
