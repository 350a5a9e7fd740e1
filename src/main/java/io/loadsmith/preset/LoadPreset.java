package io.loadsmith.preset;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.hibernate.annotations.Fetch;
import org.hibernate.annotations.FetchMode;
import org.hibernate.annotations.ListIndexBase;

import io.loadsmith.load.LoadStep;
import io.loadsmith.packageregistry.MetadataPackage;
import io.loadsmith.packageregistry.PackagedRow;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.MapKeyColumn;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;

/**
 * A saved load logic: steps and load options that a new load copies, offered for the entity types
 * and load types of its {@link LoadPresetUse uses}. The commercial tool's entityLoadLogicTemplates.
 */
@Entity
@Table(name = "load_preset")
public class LoadPreset extends PackagedRow {

    /**
     * Entity type names (comma-separated) that offer a shipped preset while they have no preset of
     * their own, whether the types exist yet or not (V18__shipped_presets.sql).
     */
    @Column(name = "offered_to_types")
    private String offeredToTypes;

    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "load_preset_step", joinColumns = @JoinColumn(name = "preset_id"))
    @OrderColumn(name = "position")
    @ListIndexBase(1)
    private List<LoadStep> steps = new ArrayList<>();

    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "load_preset_option", joinColumns = @JoinColumn(name = "preset_id"))
    @MapKeyColumn(name = "name")
    @Column(name = "option_value")
    private Map<String, String> options = new HashMap<>();

    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "load_preset_use", joinColumns = @JoinColumn(name = "preset_id"))
    private List<LoadPresetUse> uses = new ArrayList<>();

    protected LoadPreset() {
        // for JPA
    }

    public LoadPreset(String name) {
        super(name);
    }

    public void change(String newName, String newDescription, MetadataPackage inPackage, List<LoadStep> newSteps,
                       Map<String, String> newOptions, List<LoadPresetUse> newUses) {
        rename(newName, newDescription, inPackage);
        steps.clear();
        steps.addAll(newSteps);
        options.keySet().retainAll(newOptions.keySet());
        options.putAll(newOptions);
        uses.clear();
        uses.addAll(newUses);
    }

    public String getOfferedToTypes() {
        return offeredToTypes;
    }

    public void offerToTypes(String typeNames) {
        this.offeredToTypes = typeNames;
    }

    /** Whether the entity type of this name is among {@link #getOfferedToTypes()}, ignoring case. */
    public boolean offeredTo(String entityType) {
        if (offeredToTypes == null || entityType == null) {
            return false;
        }
        for (String name : offeredToTypes.split(",")) {
            if (name.strip().equalsIgnoreCase(entityType)) {
                return true;
            }
        }
        return false;
    }

    public List<LoadStep> getSteps() {
        return List.copyOf(steps);
    }

    public Map<String, String> getOptions() {
        return Map.copyOf(options);
    }

    public List<LoadPresetUse> getUses() {
        return List.copyOf(uses);
    }

}
