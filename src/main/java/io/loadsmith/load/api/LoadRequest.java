package io.loadsmith.load.api;

import java.util.List;
import java.util.Map;

import io.loadsmith.entitytype.LoadType;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;

/** Entities are referred to as {@code schema.name}, e.g. {@code "target": "publish.D_VESSEL_SCD2"}. */
public record LoadRequest(
        Long version,
        @NotBlank String name,
        @NotBlank String target,
        LoadType loadType,
        String description,
        List<String> sources,
        List<@Valid StepJson> steps,
        Map<String, String> options) {

    public LoadRequest {
        sources = sources == null ? List.of() : List.copyOf(sources);
        steps = steps == null ? List.of() : List.copyOf(steps);
        options = options == null ? Map.of() : options;
    }
}
