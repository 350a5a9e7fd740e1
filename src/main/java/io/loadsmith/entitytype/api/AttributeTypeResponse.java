package io.loadsmith.entitytype.api;

public record AttributeTypeResponse(long id, long version, String name, String superAttributeType, String description) {
}
