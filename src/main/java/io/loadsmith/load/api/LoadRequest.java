package io.loadsmith.load.api;

import java.util.List;
import java.util.Map;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.limits.Limits;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** Entities are referred to as {@code schema.name}, e.g. {@code "target": "publish.D_VESSEL_SCD2"}. */
public record LoadRequest(
        Long version,
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        @NotBlank @Size(max = Limits.QUALIFIED_NAME, message = Limits.CHARACTERS) String target,
        LoadType loadType,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description,
        @Size(max = Limits.SOURCES, message = Limits.ENTRIES)
        List<@Size(max = Limits.QUALIFIED_NAME, message = Limits.CHARACTERS) String> sources,
        @Size(max = Limits.STEPS, message = Limits.ENTRIES) List<@Valid StepJson> steps,
        @Size(max = Limits.OPTIONS, message = Limits.ENTRIES)
        Map<@Size(max = Limits.NAME, message = Limits.CHARACTERS) String,
                @Size(max = Limits.VALUE, message = Limits.CHARACTERS) String> options) {

    public LoadRequest {
        sources = sources == null ? List.of() : List.copyOf(sources);
        steps = steps == null ? List.of() : List.copyOf(steps);
        options = options == null ? Map.of() : options;
    }
}
