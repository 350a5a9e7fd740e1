package io.loadsmith.packageregistry.api;

import java.time.Instant;

import io.loadsmith.audit.Audited;

public record PackageResponse(long id, long version, String name, String description, Instant createdAt,
                              Instant updatedAt) implements Audited {

    @Override
    public String auditName() {
        return name;
    }

    /** The package's address on the package pages (see MetadataPackageService.pageRef); not part of the JSON. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public String page() {
        return io.loadsmith.packageregistry.MetadataPackageService.pageRef(name, id);
    }

    /** A package's changes are filed under the package itself. */
    @Override
    public String packageName() {
        return name;
    }
}
