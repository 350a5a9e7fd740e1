package io.loadsmith.load;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    /** A stored load with what its form shows besides the model, in the same one read. */
    public LoadAsStored readAsStored(long loadId) {
        return stored.readAsStored(loadId);
    }

    /**
     * As above, kept in memory until a load or entity changes (StoredLoadReader.recentAsStored): for
     * the live preview, which asks on every keystroke. The template revision is then not read with
     * the load: a template changed on another instance shows after the revision-check interval.
     */
    public LoadAsStored recentAsStored(long loadId) {
        return stored.recentAsStored(loadId);
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

    /**
     * A draft beside the stored load it edits, without reading the store: the entities it names are
     * the ones that load's read gave (by qualified name); without the mapping editor's mappings the
     * stored ones are kept, over the same target. Empty when the draft names an entity the stored
     * load does not read (or has no target): {@link #assemble(LoadRequest)} then reads them.
     */
    public Optional<LoadModel> beside(LoadRequest draft, LoadModel stored) {
        Map<String, EntityModel> read = new HashMap<>();
        read.put(qualified(stored.target()), stored.target());
        stored.sources().forEach(e -> read.putIfAbsent(qualified(e), e));
        stored.mappings().forEach(m -> read.putIfAbsent(qualified(m.sourceEntity()), m.sourceEntity()));
        EntityModel target = read.get(draft.target());
        List<EntityModel> sources = draft.sources().stream().map(read::get).toList();
        if (target == null || sources.contains(null)) {
            return Optional.empty();
        }
        String name = draft.name() == null || draft.name().isBlank() ? "draft" : draft.name();
        List<MappingModel> mappings = new ArrayList<>();
        if (draft.mappings() == null) {
            if (!target.equals(stored.target())) {
                return Optional.empty();
            }
            mappings.addAll(stored.mappings());
        } else {
            for (int i = 0; i < draft.mappings().size(); i++) {
                EntityMapping m = draft.mappings().get(i);
                EntityModel source = read.get(m.source());
                if (source == null) {
                    return Optional.empty();
                }
                mappings.add(MappingModels.mapping(name, i + 1, m.name(), m.mappingType(), target, source, named(m)));
            }
        }
        return Optional.of(new LoadModel(name, target, sources,
                draft.steps().stream().map(s -> new StepModel(s.name(), s.type(), s.text())).toList(),
                new TreeMap<>(draft.options()), mappings));
    }

    private static String qualified(EntityModel entity) {
        return entity.schema() + "." + entity.name();
    }

    static List<MappingModels.Named> named(EntityMapping mapping) {
        return mapping.attributes().stream().map(a -> new MappingModels.Named(a.target(), a.sources(),
                a.transformationType(), a.formula())).toList();
    }
}
