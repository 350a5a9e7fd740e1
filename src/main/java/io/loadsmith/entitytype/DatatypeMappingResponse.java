package io.loadsmith.entitytype;

import io.loadsmith.audit.Audited;

public record DatatypeMappingResponse(long id, long version, String dialect, String logicalDatatype,
                                      String physicalPattern) implements Audited {

    @Override
    public String auditName() {
        return dialect + ":" + logicalDatatype;
    }
}
