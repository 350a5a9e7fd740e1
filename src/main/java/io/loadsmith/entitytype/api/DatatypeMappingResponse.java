package io.loadsmith.entitytype.api;

public record DatatypeMappingResponse(long id, long version, String dialect, String logicalDatatype,
                                      String physicalPattern) {
}
