package io.loadsmith.packageregistry;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonIgnore;

import io.loadsmith.audit.Audited;
import io.loadsmith.packageregistry.MetadataPackageService;

public record PackageResponse(long id, long version, String name, String description, Instant createdAt,
                              Instant updatedAt) implements Audited {

    @Override
    public String auditName() {
        return name;
    }

    /** The package's address on the package pages (see MetadataPackageService.pageRef); not part of the JSON. */
    @JsonIgnore
    public String page() {
        return MetadataPackageService.pageRef(name, id);
    }

    /** A package's changes are filed under the package itself. */
    @Override
    public String packageName() {
        return name;
    }
}
