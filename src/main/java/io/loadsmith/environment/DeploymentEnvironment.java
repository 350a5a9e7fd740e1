package io.loadsmith.environment;

import org.hibernate.annotations.Fetch;
import org.hibernate.annotations.FetchMode;
import java.util.HashMap;
import java.util.Map;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.MapKeyColumn;
import jakarta.persistence.Table;

import io.loadsmith.store.NamedRow;

/**
 * A deployment target such as dev or prod: variables that replace {@code <name>} placeholders in
 * generated SQL (database names, warehouse sizes, ...). Named so to keep it apart from Spring's Environment.
 */
@Entity
@Table(name = "environment")
public class DeploymentEnvironment extends NamedRow {

    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "environment_variable", joinColumns = @JoinColumn(name = "environment_id"))
    @MapKeyColumn(name = "name")
    @Column(name = "variable_value", nullable = false)
    private Map<String, String> variables = new HashMap<>();

    protected DeploymentEnvironment() {
        // for JPA
    }

    public DeploymentEnvironment(String name) {
        super(name);
    }

    public void change(String newName, String newDescription, Map<String, String> newVariables) {
        rename(newName, newDescription);
        variables.keySet().retainAll(newVariables.keySet());
        variables.putAll(newVariables);
    }

    public Map<String, String> getVariables() {
        return Map.copyOf(variables);
    }

}
