package io.loadsmith.entity;

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
        Instant updatedAt,
        @Schema(description = "true: SQL writes the table name quoted (the dialect's identifier quote), so the engine keeps its case, e.g. \"CustomerSrc\" on PostgreSQL; absent or false: unquoted, folded by the engine.")
        boolean caseSensitive) implements Audited {

    /** A case-insensitive entity. */
    public EntityResponse(long id, long version, String name, String logicalName, String schema, String qualifiedName,
                          String entityType, PhysicalType physicalType, String packageName, String description,
                          String fullRefreshPolicy, List<AttributeJson> attributes, Instant createdAt,
                          Instant updatedAt) {
        this(id, version, name, logicalName, schema, qualifiedName, entityType, physicalType, packageName, description,
                fullRefreshPolicy, attributes, createdAt, updatedAt, false);
    }

    @Override
    public String auditName() {
        return qualifiedName;
    }
}
