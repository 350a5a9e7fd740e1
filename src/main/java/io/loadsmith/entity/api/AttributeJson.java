package io.loadsmith.entity.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.PositiveOrZero;

/** An attribute in requests and responses; {@code nullable} defaults to true when left out. */
public record AttributeJson(
        @NotBlank String name,
        @NotBlank String datatype,
        @PositiveOrZero Integer dataLength,
        @PositiveOrZero Integer dataPrecision,
        @PositiveOrZero Integer dataScale,
        Boolean nullable,
        String attributeType,
        String description) {
}
