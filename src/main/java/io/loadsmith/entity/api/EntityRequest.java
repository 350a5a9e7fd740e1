package io.loadsmith.entity.api;

import java.util.List;

import io.loadsmith.entitytype.PhysicalType;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;

/**
 * Body of POST and PUT /api/v1/entities. On POST with an {@code entityType}, {@code name},
 * {@code schema} and {@code physicalType} may be left out (the type derives them) and
 * {@code attributes} are the business attributes that follow the type's default attributes.
 * On PUT {@code attributes} is the complete list. {@code fullRefreshPolicy} (deny,
 * require_confirmation, allow; absent = the project's) can only make the project's full-refresh
 * policy stricter: a weaker value is kept but has no effect, and generation reports the effective one.
 */
public record EntityRequest(
        Long version,
        @NotBlank String logicalName,
        String name,
        String schema,
        String entityType,
        PhysicalType physicalType,
        String packageName,
        String description,
        @Schema(description = "Full-refresh safety policy of this entity: deny, require_confirmation or allow; absent = the project's setting. It can only make the project's policy stricter; a weaker value has no effect.")
        String fullRefreshPolicy,
        List<@Valid AttributeJson> attributes) {

    public EntityRequest {
        attributes = attributes == null ? List.of() : List.copyOf(attributes);
    }
}
