package io.loadsmith.load;

import org.hibernate.annotations.Fetch;
import org.hibernate.annotations.FetchMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.hibernate.annotations.ListIndexBase;
import org.hibernate.annotations.SQLRestriction;

import io.loadsmith.entity.WarehouseEntity;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.problem.Violations;
import io.loadsmith.store.Named;
import io.loadsmith.store.StampedRow;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinTable;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.MapKeyColumn;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;

/** How one target entity is loaded: ordered steps, source entities and load options. */
@Entity
@Table(name = "entity_load")
// Soft-deleted rows (the designer's undo) are invisible to every query and lookup.
@SQLRestriction("deleted_at is null")
public class Load extends StampedRow implements Named {

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "target_entity_id", nullable = false)
    private WarehouseEntity target;

    @Column(nullable = false)
    private String name;

    @Enumerated(EnumType.STRING)
    @Column(name = "load_type", nullable = false)
    private LoadType loadType = LoadType.TRANSFORM_PERSIST;

    private String description;

    @Fetch(FetchMode.SUBSELECT)
    @ManyToMany
    @JoinTable(name = "load_source", joinColumns = @JoinColumn(name = "load_id"),
            inverseJoinColumns = @JoinColumn(name = "entity_id"))
    @OrderColumn(name = "position")
    @ListIndexBase(1)
    private List<WarehouseEntity> sources = new ArrayList<>();

    // The list index is the stored position (1-based): step numbers are contiguous by construction.
    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "load_step", joinColumns = @JoinColumn(name = "load_id"))
    @OrderColumn(name = "position")
    @ListIndexBase(1)
    private List<LoadStep> steps = new ArrayList<>();

    // Entity mappings, their target attributes and those's source attributes, in three flat lists:
    // each child names its parent by 1-based position (see V17__mappings.sql). Only replaceMappings
    // writes them, whole, after MappingRules.
    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "load_mapping", joinColumns = @JoinColumn(name = "load_id"))
    @OrderColumn(name = "position")
    @ListIndexBase(1)
    private List<StoredMapping> mappings = new ArrayList<>();

    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "load_attribute_mapping", joinColumns = @JoinColumn(name = "load_id"))
    @OrderColumn(name = "position")
    @ListIndexBase(1)
    private List<StoredAttributeMapping> attributeMappings = new ArrayList<>();

    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "load_mapping_source", joinColumns = @JoinColumn(name = "load_id"))
    @OrderColumn(name = "position")
    @ListIndexBase(1)
    private List<StoredMappingSource> mappingSources = new ArrayList<>();

    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "load_option", joinColumns = @JoinColumn(name = "load_id"))
    @MapKeyColumn(name = "name")
    @Column(name = "option_value")
    private Map<String, String> options = new HashMap<>();

    @Column(name = "deleted_at")
    private Instant deletedAt;

    protected Load() {
        // for JPA
    }

    public Load(String name, WarehouseEntity target) {
        this.name = name;
        this.target = target;
    }

    public void change(String newName, WarehouseEntity newTarget, LoadType type, String newDescription,
                       List<WarehouseEntity> newSources, Map<String, String> newOptions) {
        this.name = newName;
        this.target = newTarget;
        this.loadType = type == null ? LoadType.TRANSFORM_PERSIST : type;
        this.description = newDescription;
        sources.clear();
        sources.addAll(newSources);
        options.keySet().retainAll(newOptions.keySet());
        options.putAll(newOptions);
    }

    /** Step names are unique within a load: messages and headers name steps, and must be unambiguous. */
    public void replaceSteps(List<LoadStep> newSteps) {
        Violations violations = new Violations();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < newSteps.size(); i++) {
            if (!seen.add(newSteps.get(i).getName())) {
                violations.add("steps[" + i + "].name", newSteps.get(i).getName(), "is the name of an earlier step");
            }
        }
        violations.throwIfAny();
        steps.clear();
        steps.addAll(newSteps);
    }

    /**
     * Replaces the entity mappings; {@code sources} are their source entities, in the same order.
     * Refused whole (InvalidRequestException naming every problem) unless {@link MappingRules} hold
     * against the load's current target.
     */
    public void replaceMappings(List<EntityMapping> given, List<WarehouseEntity> sources, Set<String> transformationTypes) {
        List<EntityMapping> checked = new MappingRules(name, target, transformationTypes).check(given, sources);
        mappings.clear();
        attributeMappings.clear();
        mappingSources.clear();
        for (int i = 0; i < checked.size(); i++) {
            EntityMapping m = checked.get(i);
            mappings.add(new StoredMapping(sources.get(i), m.mappingType(), m.name()));
            for (AttributeMapping a : m.attributes()) {
                attributeMappings.add(new StoredAttributeMapping(i + 1, a.target(), a.transformationType(), a.formula()));
                int attributePosition = attributeMappings.size();
                a.sources().forEach(s -> mappingSources.add(new StoredMappingSource(attributePosition, s)));
            }
        }
    }

    /** The entity mappings as the API speaks them, in order. */
    public List<EntityMapping> getMappings() {
        List<List<AttributeMapping>> byMapping = new ArrayList<>();
        mappings.forEach(m -> byMapping.add(new ArrayList<>()));
        for (int a = 0; a < attributeMappings.size(); a++) {
            StoredAttributeMapping stored = attributeMappings.get(a);
            int position = a + 1;
            List<String> sourceNames = mappingSources.stream().filter(s -> s.attributePosition() == position)
                    .map(StoredMappingSource::sourceAttribute).toList();
            byMapping.get(stored.mappingPosition() - 1).add(new AttributeMapping(stored.targetAttribute(), sourceNames,
                    stored.transformationType(), stored.customFormula()));
        }
        List<EntityMapping> result = new ArrayList<>();
        for (int i = 0; i < mappings.size(); i++) {
            StoredMapping m = mappings.get(i);
            result.add(new EntityMapping(m.source().qualifiedName(), m.mappingType(), m.name(), byMapping.get(i)));
        }
        return List.copyOf(result);
    }

    /** The source entities of the mappings, in mapping order. */
    public List<WarehouseEntity> getMappingSources() {
        return mappings.stream().map(StoredMapping::source).toList();
    }

    public WarehouseEntity getTarget() {
        return target;
    }

    public String getName() {
        return name;
    }

    public LoadType getLoadType() {
        return loadType;
    }

    public String getDescription() {
        return description;
    }

    public List<WarehouseEntity> getSources() {
        return List.copyOf(sources);
    }

    public List<LoadStep> getSteps() {
        return List.copyOf(steps);
    }

    public Map<String, String> getOptions() {
        return Map.copyOf(options);
    }

    /** Soft delete: the row stays, hidden, until restored. */
    public void markDeleted(Instant at) {
        this.deletedAt = at;
    }
}
