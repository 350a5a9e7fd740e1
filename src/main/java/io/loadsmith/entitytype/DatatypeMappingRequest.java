package io.loadsmith.entitytype;

import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

public record DatatypeMappingRequest(
        Long version,
        @NotBlank @Size(max = Limits.CODE, message = Limits.CHARACTERS) String dialect,
        @NotBlank @Size(max = Limits.CODE, message = Limits.CHARACTERS) String logicalDatatype,
        @NotBlank @Size(max = Limits.PHYSICAL_PATTERN, message = Limits.CHARACTERS) String physicalPattern) {
}
