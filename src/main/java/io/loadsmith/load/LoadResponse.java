package io.loadsmith.load;

import java.time.Instant;
import java.util.List;
import java.util.SortedMap;

import io.loadsmith.audit.Audited;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.load.EntityMapping;
import io.swagger.v3.oas.annotations.media.Schema;

public record LoadResponse(
        long id,
        long version,
        String name,
        String target,
        @Schema(description = "The package of the load's target, where it has one: a load belongs to its target's package")
        String packageName,
        LoadType loadType,
        String description,
        List<String> sources,
        List<StepJson> steps,
        SortedMap<String, String> options,
        Instant createdAt,
        Instant updatedAt,
        List<EntityMapping> mappings) implements Audited {

    public LoadResponse {
        mappings = mappings == null ? List.of() : List.copyOf(mappings);
    }

    /** A load without entity mappings. */
    public LoadResponse(long id, long version, String name, String target, String packageName, LoadType loadType,
                        String description, List<String> sources, List<StepJson> steps, SortedMap<String, String> options,
                        Instant createdAt, Instant updatedAt) {
        this(id, version, name, target, packageName, loadType, description, sources, steps, options, createdAt,
                updatedAt, List.of());
    }

    @Override
    public String auditName() {
        return name;
    }
}
