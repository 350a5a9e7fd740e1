package io.loadsmith.entity;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.generation.DdlGenerator;
import io.loadsmith.problem.NotFoundException;

/**
 * The CREATE TABLE of a stored entity for a dialect already checked: what the front door
 * (load.Generation) renders for an entity's DDL. Callers ask {@link EntityDdlService}, not this.
 */
@Service
@Transactional(readOnly = true)
public class StoredEntityDdl {

    private final WarehouseEntityRepository entities;
    private final DdlGenerator ddl;

    public StoredEntityDdl(WarehouseEntityRepository entities, DdlGenerator ddl) {
        this.entities = entities;
        this.ddl = ddl;
    }

    public String createTable(long entityId, String dialect) {
        WarehouseEntity entity = entities.findById(entityId).orElseThrow(() -> NotFoundException.id("Entity", entityId));
        return ddl.createTable(entity.toModel(), dialect);
    }
}
