package io.loadsmith.entitytype;

import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

public record AttributeTypeRequest(
        Long version,
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String superAttributeType,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description) {
}
