package io.loadsmith.entitytype;

import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/** {@code nullable} defaults to true when left out. */
public record DefaultAttributeRequest(
        Long version,
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String code,
        @NotBlank @Size(max = Limits.NAME_TEMPLATE, message = Limits.CHARACTERS) String nameTemplate,
        @NotBlank @Size(max = Limits.CODE, message = Limits.CHARACTERS) String datatype,
        @Positive(message = Limits.LENGTH) Integer dataLength,
        @Positive(message = Limits.PRECISION_RANGE) @Max(value = Limits.PRECISION, message = Limits.PRECISION_RANGE) Integer dataPrecision,
        @PositiveOrZero(message = Limits.SCALE_RANGE) @Max(value = Limits.PRECISION, message = Limits.SCALE_RANGE) Integer dataScale,
        Boolean nullable,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String attributeType,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description) {
}
