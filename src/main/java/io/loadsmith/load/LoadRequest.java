package io.loadsmith.load;

import java.util.List;
import java.util.Map;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.limits.Limits;
import io.loadsmith.load.EntityMapping;
import io.swagger.v3.oas.annotations.media.Schema;
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
                @Size(max = Limits.VALUE, message = Limits.CHARACTERS) String> options,
        @Schema(description = "The load's entity mappings, replaced whole when given; absent (null) keeps the"
                + " stored ones (a new load has none). See also /api/v1/loads/{id}/mappings")
        @Size(max = Limits.MAPPINGS, message = Limits.ENTRIES) List<@Valid EntityMapping> mappings) {

    /** A request that leaves the load's mappings as they are. */
    public LoadRequest(Long version, String name, String target, LoadType loadType, String description,
                       List<String> sources, List<StepJson> steps, Map<String, String> options) {
        this(version, name, target, loadType, description, sources, steps, options, null);
    }

    public LoadRequest {
        mappings = mappings == null ? null : List.copyOf(mappings);
        sources = sources == null ? List.of() : List.copyOf(sources);
        steps = steps == null ? List.of() : List.copyOf(steps);
        options = options == null ? Map.of() : options;
    }
}
