package io.loadsmith.entity.api;

import java.time.Instant;
import java.util.List;

import io.loadsmith.audit.Audited;
import io.loadsmith.entitytype.PhysicalType;
import io.swagger.v3.oas.annotations.media.Schema;

public record EntityResponse(
        long id,
        long version,
        String name,
        String logicalName,
        String schema,
        String qualifiedName,
        String entityType,
        PhysicalType physicalType,
        String packageName,
        String description,
        @Schema(description = "Full-refresh safety policy of this entity: deny, require_confirmation or allow; absent = the project's setting. It can only make the project's policy stricter; a weaker value has no effect.")
        String fullRefreshPolicy,
        List<AttributeJson> attributes,
        Instant createdAt,
        Instant updatedAt) implements Audited {

    @Override
    public String auditName() {
        return qualifiedName;
    }
}
