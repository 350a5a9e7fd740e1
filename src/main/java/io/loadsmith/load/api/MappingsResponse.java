package io.loadsmith.load.api;

import io.loadsmith.load.LoadResponse;
import java.util.List;

import io.loadsmith.load.EntityMapping;

/** The entity mappings of a load, and the load's version to send back with a change. */
public record MappingsResponse(long loadId, String load, String target, long version, List<EntityMapping> mappings) {

    static MappingsResponse of(LoadResponse load) {
        return new MappingsResponse(load.id(), load.name(), load.target(), load.version(), load.mappings());
    }
}
