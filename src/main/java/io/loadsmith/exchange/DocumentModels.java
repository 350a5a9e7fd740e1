package io.loadsmith.exchange;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.loadsmith.generation.DatatypeOverrides;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateSource;
import io.loadsmith.generation.context.MappingModels;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.MappingModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.problem.InvalidRequestException;

/** The generator's immutable models, and a template source, read from a package document. */
public final class DocumentModels implements TemplateSource {

    private final PackageDocument document;
    private final Map<String, EntityModel> entities = new HashMap<>();

    public DocumentModels(PackageDocument document) {
        this.document = document;
        for (PackageDocument.EntityDoc e : document.entities()) {
            entities.put(e.qualifiedName().toLowerCase(Locale.ROOT), entity(e));
        }
    }

    public PackageDocument document() {
        return document;
    }

    public List<EntityModel> entities() {
        return document.entities().stream().map(e -> entities.get(e.qualifiedName().toLowerCase(Locale.ROOT))).toList();
    }

    public LoadModel load(PackageDocument.LoadDoc load) {
        EntityModel target = entity(load.target(), "$.loads[" + load.name() + "].target");
        List<MappingModel> mappings = new ArrayList<>();
        for (int i = 0; i < load.mappings().size(); i++) {
            PackageDocument.MappingDoc m = load.mappings().get(i);
            mappings.add(MappingModels.mapping(load.name(), i + 1, m.name(),
                    m.mappingType(), target,
                    entity(m.source(), "$.loads[" + load.name() + "].mappings[" + i + "].source"),
                    m.attributes().stream().map(a -> new MappingModels.Named(a.target(), a.sources(),
                            a.transformationType(), a.formula())).toList()));
        }
        return new LoadModel(load.name(), target,
                load.sources().stream().map(s -> source(s, "$.loads[" + load.name() + "].sources")).toList(),
                load.steps().stream().map(s -> new StepModel(s.name(), StepType.valueOf(s.type()), s.text())).toList(),
                load.options(), mappings);
    }

    /** The document's datatype mappings, for the engine that renders it (dialect names in lower case, as stored). */
    public DatatypeOverrides datatypes() {
        Map<String, Map<String, String>> byDialect = new HashMap<>();
        document.datatypeMappings().forEach(m -> byDialect
                .computeIfAbsent(m.dialect().toLowerCase(Locale.ROOT), d -> new HashMap<>())
                .put(m.logicalDatatype(), m.physicalPattern()));
        return dialect -> byDialect.getOrDefault(dialect, Map.of());
    }

    public Map<String, String> environment(String name) {
        if (name == null || name.isBlank()) {
            return Map.of();
        }
        return document.environments().stream().filter(e -> e.name().equals(name)).findFirst()
                .map(PackageDocument.EnvironmentDoc::variables)
                .orElseThrow(() -> InvalidRequestException.of("environment", name,
                        "is not an environment of the package; known environments: " + known(document)));
    }

    private static String known(PackageDocument document) {
        List<String> names = document.environments().stream().map(PackageDocument.EnvironmentDoc::name).toList();
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    /**
     * A load's source: the package's entity, or one of another package (a dimension of a new package
     * fed from a shared staging table, issue 48), known here by its name only: the document holds
     * no other package's attributes. Mappings, which need them, stay within the package.
     */
    private EntityModel source(String qualifiedName, String where) {
        EntityModel own = qualifiedName == null ? null : entities.get(qualifiedName.toLowerCase(Locale.ROOT));
        int dot = qualifiedName == null ? -1 : qualifiedName.indexOf('.');
        if (own != null || dot <= 0) {
            return entity(qualifiedName, where);
        }
        String name = qualifiedName.substring(dot + 1);
        return new EntityModel(name, name, qualifiedName.substring(0, dot), null, "TABLE", List.of());
    }

    private EntityModel entity(String qualifiedName, String where) {
        EntityModel entity = qualifiedName == null ? null : entities.get(qualifiedName.toLowerCase(Locale.ROOT));
        if (entity == null) {
            throw new IllegalArgumentException(where + ": entity '" + qualifiedName + "' is not in package '"
                    + document.name() + "'");
        }
        return entity;
    }

    private static EntityModel entity(PackageDocument.EntityDoc e) {
        return new EntityModel(e.name(), e.logicalName(), e.schema(), e.entityType(), e.physicalType(),
                e.attributes().stream().map(a -> new AttributeModel(a.name(), a.attributeType(), a.datatype(),
                        a.dataLength(), a.dataPrecision(), a.dataScale(), a.nullable() == null || a.nullable(),
                        null, a.description(), Boolean.TRUE.equals(a.caseSensitive()), a.name())).toList(),
                e.fullRefreshPolicy(), Boolean.TRUE.equals(e.caseSensitive()), e.name());
    }

    // --- the package's own templates and formulas shadow the library's, as the store's do ---

    @Override
    public String describe() {
        return "package '" + document.name() + "'";
    }

    @Override
    public Optional<TemplateDefinition> find(TemplateKind kind, String name) {
        return switch (kind) {
            case TEMPLATE -> document.templates().stream().filter(t -> t.name().equals(name)).findFirst()
                    .map(t -> new TemplateDefinition(kind, t.name(), t.description(), t.parameters().stream()
                            .map(p -> new ParameterDefinition(p.name(), ParameterType.valueOf(p.type()),
                                    Boolean.TRUE.equals(p.required()), p.defaultValue(), p.description())).toList(),
                            t.variants(), describe()));
            case FORMULA -> document.transformationTypes().stream().filter(t -> t.name().equals(name)).findFirst()
                    .map(t -> new TemplateDefinition(kind, t.name(), t.description(), List.of(), t.formulas(), describe()));
            case DDL -> Optional.empty();
        };
    }

    @Override
    public String location(TemplateKind kind, String name, String dialect) {
        return describe() + " " + kind.label() + " '" + name + "'" + (dialect == null ? "" : " variant " + dialect);
    }
}
