package io.loadsmith.load;

import org.springframework.stereotype.Service;

import io.loadsmith.entity.EntityDdlService;

/** The entity pages' and API's way to the front door: entity sits below load in the package graph. */
@Service
class EntityDdlFrontDoor implements EntityDdlService {

    private final Generation generation;

    EntityDdlFrontDoor(Generation generation) {
        this.generation = generation;
    }

    @Override
    public String createTable(long entityId, String dialect) {
        return generation.generate(new GenerationRequest.EntityDdl(entityId, dialect)).orThrow();
    }
}
