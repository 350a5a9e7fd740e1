package io.loadsmith.entitytype.web;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.DatatypeMappingRequest;
import io.loadsmith.entitytype.DefaultAttributeRequest;
import io.loadsmith.entitytype.DefaultAttributeResponse;
import io.loadsmith.entitytype.EntityTypeRequest;
import io.loadsmith.entitytype.EntityTypeResponse;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;

/** The "add" forms of the configuration page, bound from the browser and turned into API requests. */
public final class ConfigurationForms {

    private ConfigurationForms() {
    }

    static String blank(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** A new default attribute. */
    public static class DefaultAttributeForm {
        private Long version;
        private String code;
        private String nameTemplate;
        private String datatype;
        private Integer dataLength;
        private Integer dataPrecision;
        private Integer dataScale;
        private boolean nullable = true;
        private String attributeType;
        private String description;

        static DefaultAttributeForm of(DefaultAttributeResponse d) {
            DefaultAttributeForm form = new DefaultAttributeForm();
            form.version = d.version();
            form.code = d.code();
            form.nameTemplate = d.nameTemplate();
            form.datatype = d.datatype();
            form.dataLength = d.dataLength();
            form.dataPrecision = d.dataPrecision();
            form.dataScale = d.dataScale();
            form.nullable = d.nullable();
            form.attributeType = d.attributeType();
            form.description = d.description();
            return form;
        }

        DefaultAttributeRequest toRequest() {
            return new DefaultAttributeRequest(version, blank(code), blank(nameTemplate), blank(datatype), dataLength,
                    dataPrecision, dataScale, nullable, blank(attributeType), blank(description));
        }

        public Long getVersion() { return version; }
        public void setVersion(Long version) { this.version = version; }
        public String getCode() { return code; }
        public void setCode(String code) { this.code = code; }
        public String getNameTemplate() { return nameTemplate; }
        public void setNameTemplate(String nameTemplate) { this.nameTemplate = nameTemplate; }
        public String getDatatype() { return datatype; }
        public void setDatatype(String datatype) { this.datatype = datatype; }
        public Integer getDataLength() { return dataLength; }
        public void setDataLength(Integer dataLength) { this.dataLength = dataLength; }
        public Integer getDataPrecision() { return dataPrecision; }
        public void setDataPrecision(Integer dataPrecision) { this.dataPrecision = dataPrecision; }
        public Integer getDataScale() { return dataScale; }
        public void setDataScale(Integer dataScale) { this.dataScale = dataScale; }
        public boolean isNullable() { return nullable; }
        public void setNullable(boolean nullable) { this.nullable = nullable; }
        public String getAttributeType() { return attributeType; }
        public void setAttributeType(String attributeType) { this.attributeType = attributeType; }
        public String getDescription() { return description; }
        public void setDescription(String description) { this.description = description; }
    }

    /**
     * An entity type. Default attributes are codes in order, separated by commas, each optionally
     * {@code CODE:TRANSFORMATION_TYPE}; default load types are {@code PHYSICAL=LOAD} pairs.
     */
    public static class EntityTypeForm {
        private Long version;
        private String name;
        private String description;
        private String packageName;
        private String namePrefix;
        private String nameSuffix;
        private String defaultSchema;
        private PhysicalType defaultPhysicalType = PhysicalType.TABLE;
        private String defaultAttributes;
        private String loadTypes = "TABLE=TRANSFORM_PERSIST";

        static EntityTypeForm of(EntityTypeResponse t) {
            EntityTypeForm form = new EntityTypeForm();
            form.version = t.version();
            form.name = t.name();
            form.description = t.description();
            form.packageName = t.packageName();
            form.namePrefix = t.namePrefix();
            form.nameSuffix = t.nameSuffix();
            form.defaultSchema = t.defaultSchema();
            form.defaultPhysicalType = t.defaultPhysicalType();
            form.defaultAttributes = String.join(", ", t.defaultAttributes().stream()
                    .map(r -> r.transformationType() == null ? r.defaultAttribute()
                            : r.defaultAttribute() + ":" + r.transformationType()).toList());
            form.loadTypes = String.join(", ", t.loadTypes().stream().map(l -> l.physicalType() + "=" + l.loadType()).toList());
            return form;
        }

        EntityTypeRequest toRequest() {
            List<EntityTypeRequest.DefaultAttributeRef> refs = defaultAttributes == null ? List.of()
                    : Arrays.stream(defaultAttributes.split(",")).map(String::strip).filter(c -> !c.isEmpty())
                    .map(c -> {
                        int colon = c.indexOf(':');
                        return colon < 0 ? new EntityTypeRequest.DefaultAttributeRef(c, null)
                                : new EntityTypeRequest.DefaultAttributeRef(c.substring(0, colon).strip(),
                                        blank(c.substring(colon + 1)));
                    }).toList();
            List<EntityTypeRequest.LoadTypeJson> pairs = new ArrayList<>();
            List<FieldProblem> problems = new ArrayList<>();
            if (loadTypes != null) {
                for (String pair : loadTypes.split(",")) {
                    if (pair.isBlank()) {
                        continue;
                    }
                    String[] parts = pair.split("=");
                    try {
                        pairs.add(new EntityTypeRequest.LoadTypeJson(PhysicalType.valueOf(parts[0].strip()),
                                LoadType.valueOf(parts.length < 2 ? "" : parts[1].strip())));
                    } catch (IllegalArgumentException e) {
                        problems.add(new FieldProblem("loadTypes", pair.strip(),
                                "is not PHYSICAL_TYPE=LOAD_TYPE with a physical type of "
                                        + Arrays.toString(PhysicalType.values()) + " and a load type of "
                                        + Arrays.toString(LoadType.values())));
                    }
                }
            }
            if (!problems.isEmpty()) {
                throw new InvalidRequestException(problems, Map.of());
            }
            return new EntityTypeRequest(version, blank(name), blank(description), blank(namePrefix), blank(nameSuffix),
                    blank(defaultSchema), defaultPhysicalType, blank(packageName), refs, pairs);
        }

        public Long getVersion() { return version; }
        public void setVersion(Long version) { this.version = version; }
        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
        public String getDescription() { return description; }
        public void setDescription(String description) { this.description = description; }
        public String getPackageName() { return packageName; }
        public void setPackageName(String packageName) { this.packageName = packageName; }
        public String getNamePrefix() { return namePrefix; }
        public void setNamePrefix(String namePrefix) { this.namePrefix = namePrefix; }
        public String getNameSuffix() { return nameSuffix; }
        public void setNameSuffix(String nameSuffix) { this.nameSuffix = nameSuffix; }
        public String getDefaultSchema() { return defaultSchema; }
        public void setDefaultSchema(String defaultSchema) { this.defaultSchema = defaultSchema; }
        public PhysicalType getDefaultPhysicalType() { return defaultPhysicalType; }
        public void setDefaultPhysicalType(PhysicalType defaultPhysicalType) { this.defaultPhysicalType = defaultPhysicalType; }
        public String getDefaultAttributes() { return defaultAttributes; }
        public void setDefaultAttributes(String defaultAttributes) { this.defaultAttributes = defaultAttributes; }
        public String getLoadTypes() { return loadTypes; }
        public void setLoadTypes(String loadTypes) { this.loadTypes = loadTypes; }
    }

    /** A stored datatype mapping that overrides a dialect file. */
    public static class MappingForm {
        private String dialect;
        private String logicalDatatype;
        private String physicalPattern;

        DatatypeMappingRequest toRequest() {
            return new DatatypeMappingRequest(null, blank(dialect), blank(logicalDatatype), blank(physicalPattern));
        }

        public String getDialect() { return dialect; }
        public void setDialect(String dialect) { this.dialect = dialect; }
        public String getLogicalDatatype() { return logicalDatatype; }
        public void setLogicalDatatype(String logicalDatatype) { this.logicalDatatype = logicalDatatype; }
        public String getPhysicalPattern() { return physicalPattern; }
        public void setPhysicalPattern(String physicalPattern) { this.physicalPattern = physicalPattern; }
    }
}
