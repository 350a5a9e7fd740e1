package io.loadsmith.entity;

import io.loadsmith.limits.Limits;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/**
 * An attribute in requests and responses; {@code nullable} defaults to true when left out;
 * {@code renamedFrom}: optional, the attribute's name before a rename (a migration then renames the column);
 * {@code caseSensitive}: optional, default false; true writes the column quoted so the engine keeps its case.
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
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String renamedFrom,
        @Schema(description = "true: SQL writes the column quoted (the dialect's identifier quote), so the engine keeps its case, e.g. \"userId\" on PostgreSQL; absent or false: unquoted, folded by the engine.")
        Boolean caseSensitive) {

    public AttributeJson(String name, String datatype, Integer dataLength, Integer dataPrecision, Integer dataScale,
                         Boolean nullable, String attributeType, String description) {
        this(name, datatype, dataLength, dataPrecision, dataScale, nullable, attributeType, description, null);
    }

    public AttributeJson(String name, String datatype, Integer dataLength, Integer dataPrecision, Integer dataScale,
                         Boolean nullable, String attributeType, String description, String renamedFrom) {
        this(name, datatype, dataLength, dataPrecision, dataScale, nullable, attributeType, description, renamedFrom,
                null);
    }
}
