package io.loadsmith.preset;

import java.util.List;
import java.util.Map;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.limits.Limits;
import io.loadsmith.load.StepJson;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * A load preset: the steps and load options a new load copies, and the entity types and load types
 * that offer it ({@code uses}; at most one default per entity type and load type).
 */
public record PresetRequest(
        Long version,
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        @Size(max = Limits.DESCRIPTION, message = Limits.CHARACTERS) String description,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String packageName,
        @Size(max = Limits.STEPS, message = Limits.ENTRIES) List<@Valid StepJson> steps,
        @Size(max = Limits.OPTIONS, message = Limits.ENTRIES)
        Map<@Size(max = Limits.NAME, message = Limits.CHARACTERS) String,
                @Size(max = Limits.VALUE, message = Limits.CHARACTERS) String> options,
        @Size(max = Limits.PRESET_USES, message = Limits.ENTRIES) List<@Valid Use> uses) {

    public PresetRequest {
        steps = steps == null ? List.of() : List.copyOf(steps);
        options = options == null ? Map.of() : options;
        uses = uses == null ? List.of() : List.copyOf(uses);
    }

    /** An entity type and load type that offer the preset; {@code position} orders the offers, {@code isDefault} picks one. */
    public record Use(
            @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String entityType,
            @NotNull LoadType loadType,
            Integer position,
            Boolean isDefault) {
    }
}
