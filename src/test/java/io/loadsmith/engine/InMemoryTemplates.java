package io.loadsmith.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateSource;

/** A template source held in memory, standing where the metadata store stands in the application. */
public final class InMemoryTemplates implements TemplateSource {

    private final Map<String, TemplateDefinition> definitions = new HashMap<>();

    public InMemoryTemplates add(String name, String body, ParameterDefinition... parameters) {
        definitions.put(TemplateKind.TEMPLATE + "/" + name, new TemplateDefinition(TemplateKind.TEMPLATE, name, "",
                List.of(parameters), Map.of(TemplateDefinition.DEFAULT_VARIANT, body), "store"));
        return this;
    }

    /** A template with its own declarations (e.g. fullRefresh), as a template.yaml would give them. */
    public InMemoryTemplates add(TemplateDefinition definition) {
        definitions.put(definition.kind() + "/" + definition.name(), definition);
        return this;
    }

    public InMemoryTemplates addFormula(String type, String dialect, String body) {
        definitions.put(TemplateKind.FORMULA + "/" + type, new TemplateDefinition(TemplateKind.FORMULA, type, "",
                List.of(), Map.of(dialect, body), "store"));
        return this;
    }

    @Override
    public String describe() {
        return "store";
    }

    @Override
    public Optional<TemplateDefinition> find(TemplateKind kind, String name) {
        return Optional.ofNullable(definitions.get(kind + "/" + name));
    }

    @Override
    public String location(TemplateKind kind, String name, String dialect) {
        return "store " + kind.label() + " '" + name + "'" + (dialect == null ? "" : " variant " + dialect);
    }
}
