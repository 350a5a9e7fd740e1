package io.loadsmith.ddl;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.entity.WarehouseEntityRepository;
import io.loadsmith.generation.FreemarkerEngine;
import io.loadsmith.generation.ModelLocalizer;
import io.loadsmith.load.LoadModelAssembler;
import io.loadsmith.problem.NotFoundException;

/** The CREATE TABLE of a stored entity for a dialect, as the designer's DDL preview shows it. */
@Service
@Transactional(readOnly = true)
public class DdlPreviewService {

    private final WarehouseEntityRepository entities;
    private final DdlGenerator generator;

    public DdlPreviewService(WarehouseEntityRepository entities, FreemarkerEngine engine, DialectRegistry dialects,
                             ModelLocalizer localizer) {
        this.entities = entities;
        this.generator = new DdlGenerator(engine, dialects, localizer);
    }

    /** Throws GenerationException (with a message for the user) when the DDL cannot be rendered. */
    public String createTable(long entityId, String dialect) {
        return generator.createTable(LoadModelAssembler.entity(entities.findById(entityId)
                .orElseThrow(() -> NotFoundException.id("Entity", entityId))), dialect);
    }
}
