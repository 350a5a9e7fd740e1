package io.loadsmith.template;

import io.loadsmith.generation.catalog.RuntimeValues;

import org.hibernate.annotations.Fetch;
import org.hibernate.annotations.FetchMode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.MapKeyColumn;
import jakarta.persistence.Table;

import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.store.NamedRow;

/**
 * A transformation (hash key, hash diff, ...) with its FreeMarker formula per dialect, as the
 * import format's attrTransformationTypes and dbmsTransformationFormulas.
 */
@Entity
@Table(name = "transformation_type")
public class TransformationType extends NamedRow {

    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "transformation_formula", joinColumns = @JoinColumn(name = "transformation_type_id"))
    @MapKeyColumn(name = "dialect")
    @Column(name = "formula", nullable = false)
    private Map<String, String> formulas = new HashMap<>();

    protected TransformationType() {
        // for JPA
    }

    public TransformationType(String name) {
        super(name);
    }

    public void change(String newName, String newDescription, Map<String, String> newFormulas) {
        rename(newName, newDescription);
        formulas.keySet().retainAll(newFormulas.keySet());
        formulas.putAll(newFormulas);
    }

    /**
     * Only a type with formulas shadows the library: a type stored just to be named (e.g. by an
     * entity type's default attribute) keeps using the library's formulas, and where there are none
     * renders as a run-time value ({@link RuntimeValues}).
     */
    public boolean hasFormulas() {
        return !formulas.isEmpty();
    }

    public TemplateDefinition toDefinition() {
        return new TemplateDefinition(TemplateKind.FORMULA, getName(), getDescription() == null ? "" : getDescription(), List.of(),
                formulas, "store");
    }

    public Map<String, String> getFormulas() {
        return Map.copyOf(formulas);
    }

}
