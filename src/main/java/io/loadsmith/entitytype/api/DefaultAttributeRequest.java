package io.loadsmith.entitytype.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.PositiveOrZero;

/** {@code nullable} defaults to true when left out. */
public record DefaultAttributeRequest(
        Long version,
        @NotBlank String code,
        @NotBlank String nameTemplate,
        @NotBlank String datatype,
        @PositiveOrZero Integer dataLength,
        @PositiveOrZero Integer dataPrecision,
        @PositiveOrZero Integer dataScale,
        Boolean nullable,
        String attributeType,
        String description) {
}
