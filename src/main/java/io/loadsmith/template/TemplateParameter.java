package io.loadsmith.template;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;

import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.ParameterType;

/** A typed parameter of a stored load template; its position is its index in the template's list. */
@Embeddable
public class TemplateParameter {

    @Column(nullable = false)
    private String name;

    @Enumerated(EnumType.STRING)
    @Column(name = "param_type", nullable = false)
    private ParameterType type;

    @Column(nullable = false)
    private boolean required;

    @Column(name = "default_value")
    private String defaultValue;

    private String description;

    protected TemplateParameter() {
        // for JPA
    }

    public TemplateParameter(String name, ParameterType type, boolean required, String defaultValue, String description) {
        this.name = name;
        this.type = type;
        this.required = required;
        this.defaultValue = defaultValue;
        this.description = description;
    }

    public ParameterDefinition toDefinition() {
        return new ParameterDefinition(name, type, required, defaultValue, description == null ? "" : description);
    }

    public String getName() {
        return name;
    }

    public ParameterType getType() {
        return type;
    }

    public boolean isRequired() {
        return required;
    }

    public String getDefaultValue() {
        return defaultValue;
    }

    public String getDescription() {
        return description;
    }
}
