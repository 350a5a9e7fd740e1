package io.loadsmith.entitytype;

import java.util.List;

import io.loadsmith.audit.Audited;
import io.loadsmith.entitytype.PhysicalType;

public record EntityTypeResponse(
        long id,
        long version,
        String name,
        String description,
        String namePrefix,
        String nameSuffix,
        String defaultSchema,
        PhysicalType defaultPhysicalType,
        String packageName,
        List<EntityTypeRequest.DefaultAttributeRef> defaultAttributes,
        List<EntityTypeRequest.LoadTypeJson> loadTypes) implements Audited {

    @Override
    public String auditName() {
        return name;
    }
}
