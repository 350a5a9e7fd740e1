package io.loadsmith.entitytype.api;

import jakarta.validation.constraints.NotBlank;

public record DatatypeMappingRequest(Long version, @NotBlank String dialect, @NotBlank String logicalDatatype,
                                     @NotBlank String physicalPattern) {
}
