package io.loadsmith.load;

import java.util.TreeMap;

import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.entity.WarehouseEntity;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.problem.NotFoundException;

/**
 * Turns a stored load into the generator's immutable, dialect-neutral {@link LoadModel}. All lazy
 * parts are read in one read-only transaction, so the generator never touches JPA.
 */
@Component
public class LoadModelAssembler {

    private final LoadRepository loads;

    public LoadModelAssembler(LoadRepository loads) {
        this.loads = loads;
    }

    @Transactional(readOnly = true)
    public LoadModel assemble(long loadId) {
        Load load = loads.findById(loadId).orElseThrow(() -> NotFoundException.id("Load", loadId));
        return new LoadModel(load.getName(), entity(load.getTarget()),
                load.getSources().stream().map(LoadModelAssembler::entity).toList(),
                load.getSteps().stream().map(s -> new StepModel(s.getName(), s.getType(), s.getText())).toList(),
                new TreeMap<>(load.getOptions()));
    }

    /** The generator's view of one entity; also used for DDL previews. */
    public static EntityModel entity(WarehouseEntity e) {
        return new EntityModel(e.getName(), e.getLogicalName(), e.getSchemaName(),
                e.getEntityType() == null ? null : e.getEntityType().getName(),
                e.getPhysicalType().name(),
                e.getAttributes().stream().map(a -> new AttributeModel(a.getName(), a.getAttributeType(),
                        a.getDatatype(), a.getDataLength(), a.getDataPrecision(), a.getDataScale(), a.isNullable(),
                        null, a.getDescription())).toList());
    }
}
