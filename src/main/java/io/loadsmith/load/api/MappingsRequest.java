package io.loadsmith.load.api;

import java.util.List;

import io.loadsmith.limits.Limits;
import io.loadsmith.load.EntityMapping;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;

/** All entity mappings of a load, replacing the stored ones; {@code version} is the load's (optimistic locking). */
public record MappingsRequest(
        Long version,
        @Size(max = Limits.MAPPINGS, message = Limits.ENTRIES) List<@Valid EntityMapping> mappings) {

    public MappingsRequest {
        mappings = mappings == null ? List.of() : List.copyOf(mappings);
    }
}
