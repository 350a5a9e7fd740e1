package io.loadsmith.exchange;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The git-friendly JSON form of a package: what it defines, in a stable order, objects referring
 * to each other by name, without ids, timestamps or row versions. It is also what a committed
 * package version stores, and what the SQL package export reads, so the API and the command line
 * export the same bytes from the same document.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"format", "name", "description", "attributeTypes", "defaultAttributes", "entityTypes",
        "transformationTypes", "templates", "presets", "entities", "loads", "environments", "datatypeMappings"})
public record PackageDocument(
        String format,
        String name,
        String description,
        List<AttributeTypeDoc> attributeTypes,
        List<DefaultAttributeDoc> defaultAttributes,
        List<EntityTypeDoc> entityTypes,
        List<TransformationTypeDoc> transformationTypes,
        List<TemplateDoc> templates,
        List<EntityDoc> entities,
        List<LoadDoc> loads,
        List<EnvironmentDoc> environments,
        // Absent when empty: packages without presets keep their bytes (and their committed versions' diffs).
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PresetDoc> presets,
        // Left out when empty, so that a document without mappings keeps its bytes (and hash).
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<DatatypeMappingDoc> datatypeMappings) {

    public static final String FORMAT = "loadsmith-package/1";

    /** A document without load presets or datatype mappings. */
    public PackageDocument(String format, String name, String description, List<AttributeTypeDoc> attributeTypes,
                           List<DefaultAttributeDoc> defaultAttributes, List<EntityTypeDoc> entityTypes,
                           List<TransformationTypeDoc> transformationTypes, List<TemplateDoc> templates,
                           List<EntityDoc> entities, List<LoadDoc> loads, List<EnvironmentDoc> environments) {
        this(format, name, description, attributeTypes, defaultAttributes, entityTypes, transformationTypes, templates,
                entities, loads, environments, List.of(), List.of());
    }

    public PackageDocument {
        presets = orEmpty(presets);
        attributeTypes = orEmpty(attributeTypes);
        defaultAttributes = orEmpty(defaultAttributes);
        entityTypes = orEmpty(entityTypes);
        transformationTypes = orEmpty(transformationTypes);
        templates = orEmpty(templates);
        entities = orEmpty(entities);
        loads = orEmpty(loads);
        environments = orEmpty(environments);
        datatypeMappings = orEmpty(datatypeMappings);
    }

    static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AttributeTypeDoc(String name, String superAttributeType, String description) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"code", "nameTemplate", "datatype", "dataLength", "dataPrecision", "dataScale", "nullable",
            "attributeType", "description"})
    public record DefaultAttributeDoc(String code, String nameTemplate, String datatype, Integer dataLength,
                                      Integer dataPrecision, Integer dataScale, Boolean nullable, String attributeType,
                                      String description) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"name", "description", "namePrefix", "nameSuffix", "defaultSchema", "defaultPhysicalType",
            "defaultAttributes", "loadTypes"})
    public record EntityTypeDoc(String name, String description, String namePrefix, String nameSuffix,
                                String defaultSchema, String defaultPhysicalType,
                                List<EntityTypeAttributeDoc> defaultAttributes, List<LoadTypeDoc> loadTypes) {
        public EntityTypeDoc {
            defaultAttributes = orEmpty(defaultAttributes);
            loadTypes = orEmpty(loadTypes);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EntityTypeAttributeDoc(String defaultAttribute, String transformationType) {
    }

    public record LoadTypeDoc(String physicalType, String loadType) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TransformationTypeDoc(String name, String description, Map<String, String> formulas) {
        public TransformationTypeDoc {
            formulas = formulas == null ? Map.of() : Map.copyOf(formulas);
        }
    }

    /**
     * {@code shared}: optional; true for a template of no package, which the file carries so it is
     * complete but which an import keeps shared (absent for the package's own, so files without
     * shared templates keep their bytes).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"name", "description", "shared", "parameters", "variants"})
    public record TemplateDoc(String name, String description, Boolean shared, List<ParameterDoc> parameters,
                              Map<String, String> variants) {
        public TemplateDoc {
            parameters = orEmpty(parameters);
            variants = variants == null ? Map.of() : Map.copyOf(variants);
            if (!Boolean.TRUE.equals(shared)) {
                shared = null;
            }
        }

        /** A template of the package's own. */
        public TemplateDoc(String name, String description, List<ParameterDoc> parameters, Map<String, String> variants) {
            this(name, description, null, parameters, variants);
        }

        /** The same template, shared or the package's own. */
        public TemplateDoc sharing(boolean isShared) {
            return new TemplateDoc(name, description, isShared, parameters, variants);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"name", "type", "required", "defaultValue", "description"})
    public record ParameterDoc(String name, String type, Boolean required, String defaultValue, String description) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    /**
     * {@code fullRefreshPolicy}: optional; deny, require_confirmation or allow (absent = the project's).
     * {@code caseSensitive}: optional; true writes the table name quoted (absent when false).
     */
    @JsonPropertyOrder({"schema", "name", "logicalName", "entityType", "physicalType", "description",
            "fullRefreshPolicy", "caseSensitive", "attributes"})
    public record EntityDoc(String schema, String name, String logicalName, String entityType, String physicalType,
                            String description, String fullRefreshPolicy, Boolean caseSensitive,
                            List<AttributeDoc> attributes) {
        public EntityDoc {
            attributes = orEmpty(attributes);
            if (!Boolean.TRUE.equals(caseSensitive)) {
                caseSensitive = null;
            }
        }

        public EntityDoc(String schema, String name, String logicalName, String entityType, String physicalType,
                         String description, String fullRefreshPolicy, List<AttributeDoc> attributes) {
            this(schema, name, logicalName, entityType, physicalType, description, fullRefreshPolicy, null, attributes);
        }

        public String qualifiedName() {
            return schema + "." + name;
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    /**
     * {@code renamedFrom}: optional; the attribute's name before a rename, so a migration renames the column.
     * {@code caseSensitive}: optional; true writes the column quoted (absent when false, so packages
     * without the flag read and write as before).
     */
    @JsonPropertyOrder({"name", "datatype", "dataLength", "dataPrecision", "dataScale", "nullable", "attributeType",
            "description", "renamedFrom", "caseSensitive"})
    public record AttributeDoc(String name, String datatype, Integer dataLength, Integer dataPrecision, Integer dataScale,
                               Boolean nullable, String attributeType, String description, String renamedFrom,
                               Boolean caseSensitive) {

        public AttributeDoc {
            if (!Boolean.TRUE.equals(caseSensitive)) {
                caseSensitive = null;
            }
        }

        public AttributeDoc(String name, String datatype, Integer dataLength, Integer dataPrecision, Integer dataScale,
                            Boolean nullable, String attributeType, String description, String renamedFrom) {
            this(name, datatype, dataLength, dataPrecision, dataScale, nullable, attributeType, description,
                    renamedFrom, null);
        }

        public AttributeDoc(String name, String datatype, Integer dataLength, Integer dataPrecision, Integer dataScale,
                            Boolean nullable, String attributeType, String description) {
            this(name, datatype, dataLength, dataPrecision, dataScale, nullable, attributeType, description, null);
        }
    }

    /** {@code mappings}: optional; the load's entity mappings in order (absent when it has none). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"name", "target", "loadType", "description", "sources", "options", "steps", "mappings"})
    public record LoadDoc(String name, String target, String loadType, String description, List<String> sources,
                          Map<String, String> options, List<StepDoc> steps,
                          // Left out when empty: documents of loads without mappings keep their bytes.
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) List<MappingDoc> mappings) {
        public LoadDoc {
            sources = orEmpty(sources);
            options = options == null ? Map.of() : Map.copyOf(options);
            steps = orEmpty(steps);
            mappings = orEmpty(mappings);
        }

        public LoadDoc(String name, String target, String loadType, String description, List<String> sources,
                       Map<String, String> options, List<StepDoc> steps) {
            this(name, target, loadType, description, sources, options, steps, List.of());
        }
    }

    /**
     * An entity mapping: {@code source} ({@code schema.name}) feeds the load's target; {@code mappingType}
     * SOURCE or REFERENCE (absent: SOURCE); {@code name} optional.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"source", "mappingType", "name", "attributes"})
    public record MappingDoc(String source, String mappingType, String name, List<AttributeMappingDoc> attributes) {
        public MappingDoc {
            // Absent is SOURCE, as the store keeps it: a file that leaves it out reads as its export.
            mappingType = mappingType == null ? "SOURCE" : mappingType;
            attributes = orEmpty(attributes);
        }
    }

    /**
     * A mapped target attribute: {@code sources} in order, {@code transformationType} (absent: a
     * plain copy), {@code formula} the SQL expression of a CUSTOM one.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"target", "sources", "transformationType", "formula"})
    public record AttributeMappingDoc(String target, List<String> sources, String transformationType, String formula) {
        public AttributeMappingDoc {
            sources = orEmpty(sources);
        }
    }

    /** {@code kind}: SQL for a one-call step its author keeps as SQL; absent otherwise (see StepJson). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StepDoc(String name, String type, String text, String kind) {

        public StepDoc(String name, String type, String text) {
            this(name, type, text, null);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EnvironmentDoc(String name, String description, Map<String, String> variables) {
        public EnvironmentDoc {
            variables = variables == null ? Map.of() : Map.copyOf(variables);
        }
    }

    /**
     * A load preset: steps and load options a new load copies; {@code uses} are the entity types and
     * load types that offer it, in {@code position} order, {@code isDefault} the one chosen first.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"name", "description", "options", "steps", "uses"})
    public record PresetDoc(String name, String description, Map<String, String> options, List<StepDoc> steps,
                            List<PresetUseDoc> uses) {
        public PresetDoc {
            options = options == null ? Map.of() : Map.copyOf(options);
            steps = orEmpty(steps);
            uses = orEmpty(uses);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"entityType", "loadType", "position", "isDefault"})
    public record PresetUseDoc(String entityType, String loadType, Integer position, Boolean isDefault) {
    }

    /**
     * A stored datatype mapping: the physical type a dialect gets for a logical type, over the
     * dialect file. Shared configuration like transformation types, carried so an export of the
     * document writes the types the preview showed.
     */
    @JsonPropertyOrder({"dialect", "logicalDatatype", "physicalPattern"})
    public record DatatypeMappingDoc(String dialect, String logicalDatatype, String physicalPattern) {

        public String key() {
            return dialect + "/" + logicalDatatype;
        }
    }
}
