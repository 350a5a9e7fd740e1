package io.loadsmith.entity.api;

import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/**
 * An attribute in requests and responses; {@code nullable} defaults to true when left out;
 * {@code renamedFrom}: optional, the attribute's name before a rename (a migration then renames the column).
 */
public record AttributeJson(
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        @NotBlank @Size(max = Limits.CODE, message = Limits.CHARACTERS) String datatype,
        @Positive(message = Limits.LENGTH) Integer dataLength,
        @Positive(message = Limits.PRECISION_RANGE) @Max(value = Limits.PRECISION, message = Limits.PRECISION_RANGE) Integer dataPrecision,
        @PositiveOrZero(message = Limits.SCALE_RANGE) @Max(value = Limits.PRECISION, message = Limits.SCALE_RANGE) Integer dataScale,
        Boolean nullable,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String attributeType,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String renamedFrom) {

    public AttributeJson(String name, String datatype, Integer dataLength, Integer dataPrecision, Integer dataScale,
                         Boolean nullable, String attributeType, String description) {
        this(name, datatype, dataLength, dataPrecision, dataScale, nullable, attributeType, description, null);
    }
}
