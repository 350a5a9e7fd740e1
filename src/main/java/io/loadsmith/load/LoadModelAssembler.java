package io.loadsmith.load;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.entity.EntityService;
import io.loadsmith.generation.context.MappingModels;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.MappingModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.load.LoadRequest;

/**
 * Turns a stored load, or a draft of one, into the generator's immutable, dialect-neutral
 * {@link LoadModel}, so the generator never touches JPA.
 */
@Component
public class LoadModelAssembler {

    private final StoredLoadReader stored;
    private final EntityService entities;

    LoadModelAssembler(StoredLoadReader stored, EntityService entities) {
        this.stored = stored;
        this.entities = entities;
    }

    /** A stored load, read by JDBC (see {@link StoredLoadReader}: the preview's hot path). */
    public LoadModel assemble(long loadId) {
        return stored.read(loadId);
    }

    /**
     * A load as the form on screen has it, not saved: its target and sources are read from the store,
     * its steps are the draft's. An unknown target or source is an InvalidRequestException naming it.
     */
    @Transactional(readOnly = true)
    public LoadModel assemble(LoadRequest draft) {
        List<EntityModel> sources = new ArrayList<>();
        for (int i = 0; i < draft.sources().size(); i++) {
            sources.add(entities.byQualifiedName("sources[" + i + "]", draft.sources().get(i)).toModel());
        }
        String name = draft.name() == null || draft.name().isBlank() ? "draft" : draft.name();
        EntityModel target = entities.byQualifiedName("target", draft.target()).toModel();
        List<MappingModel> mappings = new ArrayList<>();
        List<EntityMapping> drafted = draft.mappings() == null ? List.of() : draft.mappings();
        for (int i = 0; i < drafted.size(); i++) {
            EntityMapping m = drafted.get(i);
            mappings.add(MappingModels.mapping(name, i + 1, m.name(), m.mappingType(), target,
                    entities.byQualifiedName("mappings[" + i + "].source", m.source()).toModel(), named(m)));
        }
        return new LoadModel(name, target, sources,
                draft.steps().stream().map(s -> new StepModel(s.name(), s.type(), s.text())).toList(),
                new TreeMap<>(draft.options()), mappings);
    }

    static List<MappingModels.Named> named(EntityMapping mapping) {
        return mapping.attributes().stream().map(a -> new MappingModels.Named(a.target(), a.sources(),
                a.transformationType(), a.formula())).toList();
    }
}
