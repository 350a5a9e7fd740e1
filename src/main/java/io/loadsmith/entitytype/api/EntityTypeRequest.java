package io.loadsmith.entitytype.api;

import java.util.List;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

/** Default attributes are referred to by code, in the order new entities get them. */
public record EntityTypeRequest(
        Long version,
        @NotBlank String name,
        String description,
        String namePrefix,
        String nameSuffix,
        String defaultSchema,
        PhysicalType defaultPhysicalType,
        String packageName,
        List<@Valid DefaultAttributeRef> defaultAttributes,
        List<@Valid LoadTypeJson> loadTypes) {

    public EntityTypeRequest {
        defaultAttributes = defaultAttributes == null ? List.of() : List.copyOf(defaultAttributes);
        loadTypes = loadTypes == null ? List.of() : List.copyOf(loadTypes);
    }

    public record DefaultAttributeRef(@NotBlank String defaultAttribute, String transformationType) {
    }

    public record LoadTypeJson(@NotNull PhysicalType physicalType, @NotNull LoadType loadType) {
    }
}
