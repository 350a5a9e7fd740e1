package io.loadsmith.template;

import org.hibernate.annotations.Fetch;
import org.hibernate.annotations.FetchMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.hibernate.annotations.ListIndexBase;

import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.packageregistry.MetadataPackage;
import io.loadsmith.problem.Violations;
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
 * A user's load template: FreeMarker text per dialect ("default" where none is specific) and typed
 * parameters. A stored template shadows a library template of the same name.
 */
@Entity
@Table(name = "load_template")
public class LoadTemplate extends PackagedRow {

    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "load_template_parameter", joinColumns = @JoinColumn(name = "load_template_id"))
    @OrderColumn(name = "position")
    @ListIndexBase(1)
    private List<TemplateParameter> parameters = new ArrayList<>();

    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "load_template_variant", joinColumns = @JoinColumn(name = "load_template_id"))
    @MapKeyColumn(name = "dialect")
    @Column(name = "body", nullable = false)
    private Map<String, String> variants = new HashMap<>();

    protected LoadTemplate() {
        // for JPA
    }

    public LoadTemplate(String name) {
        super(name);
    }

    public void change(String newName, String newDescription, MetadataPackage inPackage) {
        rename(newName, newDescription, inPackage);
    }

    /** Parameter names are unique: a call binds arguments by name. */
    public void replaceParameters(List<TemplateParameter> newParameters) {
        Violations violations = new Violations();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < newParameters.size(); i++) {
            if (!seen.add(newParameters.get(i).getName())) {
                violations.add("parameters[" + i + "].name", newParameters.get(i).getName(), "is given twice");
            }
        }
        violations.throwIfAny();
        parameters.clear();
        parameters.addAll(newParameters);
    }

    /** A template without any text could never render, so at least one variant is required. */
    public void replaceVariants(Map<String, String> newVariants) {
        if (newVariants.isEmpty()) {
            new Violations().add("variants", null, "needs at least one variant, e.g. \"default\"").throwIfAny();
        }
        variants.keySet().retainAll(newVariants.keySet());
        variants.putAll(newVariants);
    }

    public TemplateDefinition toDefinition() {
        return new TemplateDefinition(TemplateKind.TEMPLATE, getName(), getDescription() == null ? "" : getDescription(),
                parameters.stream().map(TemplateParameter::toDefinition).toList(), variants, "store");
    }

    public List<TemplateParameter> getParameters() {
        return List.copyOf(parameters);
    }

    public Map<String, String> getVariants() {
        return Map.copyOf(variants);
    }

}
