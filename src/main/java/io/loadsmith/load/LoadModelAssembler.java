package io.loadsmith.load;

import java.util.TreeMap;

import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.entity.WarehouseEntity;
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
        return new LoadModel(load.getName(), load.getTarget().toModel(),
                load.getSources().stream().map(WarehouseEntity::toModel).toList(),
                load.getSteps().stream().map(s -> new StepModel(s.getName(), s.getType(), s.getText())).toList(),
                new TreeMap<>(load.getOptions()));
    }

}
