package io.loadsmith.preset;

import java.util.List;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * A new load whose steps and options are copied from a preset: the one named, else the default that
 * the target's entity type offers for the load type (TRANSFORM_PERSIST when not given).
 */
public record LoadFromPresetRequest(
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        @NotBlank @Size(max = Limits.QUALIFIED_NAME, message = Limits.CHARACTERS) String target,
        LoadType loadType,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String preset,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description,
        @Size(max = Limits.SOURCES, message = Limits.ENTRIES)
        List<@Size(max = Limits.QUALIFIED_NAME, message = Limits.CHARACTERS) String> sources) {

    public LoadFromPresetRequest {
        sources = sources == null ? List.of() : List.copyOf(sources);
    }
}
