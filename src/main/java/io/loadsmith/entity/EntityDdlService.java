package io.loadsmith.entity;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.generation.DdlGenerator;
import io.loadsmith.problem.NotFoundException;

/** The CREATE TABLE of a stored entity for a dialect, so users and tests can create what loads write. */
@Service
@Transactional(readOnly = true)
public class EntityDdlService {

    private final WarehouseEntityRepository entities;
    private final DdlGenerator ddl;

    public EntityDdlService(WarehouseEntityRepository entities, DdlGenerator ddl) {
        this.entities = entities;
        this.ddl = ddl;
    }

    public String createTable(long entityId, String dialect) {
        WarehouseEntity entity = entities.findById(entityId).orElseThrow(() -> NotFoundException.id("Entity", entityId));
        return ddl.createTable(entity.toModel(), dialect);
    }
}
