package io.loadsmith.entitytype;

import java.util.List;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.limits.Limits;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** Default attributes are referred to by code, in the order new entities get them. */
public record EntityTypeRequest(
        Long version,
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description,
        @Size(max = Limits.NAME_AFFIX, message = Limits.CHARACTERS) String namePrefix,
        @Size(max = Limits.NAME_AFFIX, message = Limits.CHARACTERS) String nameSuffix,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String defaultSchema,
        PhysicalType defaultPhysicalType,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String packageName,
        @Size(max = Limits.ATTRIBUTES, message = Limits.ENTRIES) List<@Valid DefaultAttributeRef> defaultAttributes,
        @Size(max = Limits.LOAD_TYPES, message = Limits.ENTRIES) List<@Valid LoadTypeJson> loadTypes) {

    public EntityTypeRequest {
        defaultAttributes = defaultAttributes == null ? List.of() : List.copyOf(defaultAttributes);
        loadTypes = loadTypes == null ? List.of() : List.copyOf(loadTypes);
    }

    public record DefaultAttributeRef(
            @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String defaultAttribute,
            @Size(max = Limits.NAME, message = Limits.CHARACTERS) String transformationType) {
    }

    public record LoadTypeJson(@NotNull PhysicalType physicalType, @NotNull LoadType loadType) {
    }
}
