package io.loadsmith.entity;

import java.util.List;

import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.limits.Limits;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * Body of POST and PUT /api/v1/entities. On POST with an {@code entityType}, {@code name},
 * {@code schema} and {@code physicalType} may be left out (the type derives them) and
 * {@code attributes} are the business attributes that follow the type's default attributes.
 * On PUT {@code attributes} is the complete list. {@code fullRefreshPolicy} (deny,
 * require_confirmation, allow; absent = the project's) can only make the project's full-refresh
 * policy stricter: a weaker value is kept but has no effect, and generation reports the effective one.
 * {@code caseSensitive} (default false) writes the table name quoted so the engine keeps its case.
 */
public record EntityRequest(
        Long version,
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String logicalName,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String schema,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String entityType,
        PhysicalType physicalType,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String packageName,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description,
        @Schema(description = "Full-refresh safety policy of this entity: deny, require_confirmation or allow; absent = the project's setting. It can only make the project's policy stricter; a weaker value has no effect.")
        @Size(max = Limits.CODE, message = Limits.CHARACTERS) String fullRefreshPolicy,
        @Size(max = Limits.ATTRIBUTES, message = Limits.ENTRIES) List<@Valid AttributeJson> attributes,
        @Schema(description = "true: SQL writes the table name quoted (the dialect's identifier quote), so the engine keeps its case, e.g. \"CustomerSrc\" on PostgreSQL; absent or false: unquoted, folded by the engine.")
        Boolean caseSensitive) {

    public EntityRequest {
        attributes = attributes == null ? List.of() : List.copyOf(attributes);
    }

    /** A request that leaves the table name case-insensitive. */
    public EntityRequest(Long version, String logicalName, String name, String schema, String entityType,
                         PhysicalType physicalType, String packageName, String description, String fullRefreshPolicy,
                         List<AttributeJson> attributes) {
        this(version, logicalName, name, schema, entityType, physicalType, packageName, description, fullRefreshPolicy,
                attributes, null);
    }
}
