package io.loadsmith.entitytype.api;

import jakarta.validation.constraints.NotBlank;

public record AttributeTypeRequest(Long version, @NotBlank String name, String superAttributeType, String description) {
}
