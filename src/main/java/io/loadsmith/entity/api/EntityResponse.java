package io.loadsmith.entity.api;

import java.time.Instant;
import java.util.List;

import io.loadsmith.entitytype.PhysicalType;

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
        String fullRefreshPolicy,
        List<AttributeJson> attributes,
        Instant createdAt,
        Instant updatedAt) {
}
