package io.loadsmith.entitytype;

import io.loadsmith.audit.Audited;

public record AttributeTypeResponse(long id, long version, String name, String superAttributeType, String description)
        implements Audited {

    @Override
    public String auditName() {
        return name;
    }
}
