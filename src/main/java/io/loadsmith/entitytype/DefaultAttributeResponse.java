package io.loadsmith.entitytype;

import io.loadsmith.audit.Audited;

public record DefaultAttributeResponse(
        long id,
        long version,
        String code,
        String nameTemplate,
        String datatype,
        Integer dataLength,
        Integer dataPrecision,
        Integer dataScale,
        boolean nullable,
        String attributeType,
        String description) implements Audited {

    @Override
    public String auditName() {
        return code;
    }
}
