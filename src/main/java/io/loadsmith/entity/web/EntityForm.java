package io.loadsmith.entity.web;

import java.util.ArrayList;
import java.util.List;

import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.PhysicalType;

/**
 * The entity page's form, bound from the browser's fields. Field names are the API's, so the
 * service's field problems ({@code attributes[3].datatype}) land at the right input.
 */
public class EntityForm {

    private Long version;
    private String logicalName;
    private String name;
    private String schema;
    private String entityType;
    private PhysicalType physicalType;
    private String packageName;
    private String description;
    private String fullRefreshPolicy;
    /** On the new-entity form: the preset to create the entity's load from at once, when ticked. */
    private String loadPreset;
    /** On the new-entity form: an entity whose business columns the new one copies, and that its load reads. */
    private String source;
    private boolean caseSensitive;
    private List<AttributeRow> attributes = new ArrayList<>();

    public static EntityForm of(EntityResponse e) {
        EntityForm form = new EntityForm();
        form.version = e.version();
        form.logicalName = e.logicalName();
        form.name = e.name();
        form.schema = e.schema();
        form.entityType = e.entityType();
        form.physicalType = e.physicalType();
        form.packageName = e.packageName();
        form.description = e.description();
        form.fullRefreshPolicy = e.fullRefreshPolicy();
        form.caseSensitive = e.caseSensitive();
        e.attributes().forEach(a -> form.attributes.add(AttributeRow.of(a)));
        return form;
    }

    public EntityRequest toRequest() {
        return new EntityRequest(version, blank(logicalName), blank(name), blank(schema), blank(entityType), physicalType,
                blank(packageName), blank(description), blank(fullRefreshPolicy),
                attributes.stream().map(AttributeRow::toJson).toList(), caseSensitive);
    }

    public String getSource() {
        return source;
    }

    public void setSource(String source) {
        this.source = source;
    }

    public String getLoadPreset() {
        return loadPreset;
    }

    public void setLoadPreset(String loadPreset) {
        this.loadPreset = loadPreset;
    }

    static String blank(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** One row of the attribute grid. */
    public static class AttributeRow {
        private String name;
        private String datatype;
        private Integer dataLength;
        private Integer dataPrecision;
        private Integer dataScale;
        private boolean nullable = true;
        private String attributeType;
        private String description;
        /** Kept as the API set it (package JSON renamedFrom), so saving the form does not forget a rename. */
        private String renamedFrom;
        private boolean caseSensitive;

        static AttributeRow of(AttributeJson a) {
            AttributeRow row = new AttributeRow();
            row.name = a.name();
            row.datatype = a.datatype();
            row.dataLength = a.dataLength();
            row.dataPrecision = a.dataPrecision();
            row.dataScale = a.dataScale();
            row.nullable = a.nullable() == null || a.nullable();
            row.attributeType = a.attributeType();
            row.description = a.description();
            row.renamedFrom = a.renamedFrom();
            row.caseSensitive = Boolean.TRUE.equals(a.caseSensitive());
            return row;
        }

        AttributeJson toJson() {
            return new AttributeJson(name == null ? "" : name.strip(), datatype == null ? "" : datatype, dataLength,
                    dataPrecision, dataScale, nullable, blank(attributeType), blank(description), blank(renamedFrom),
                    caseSensitive);
        }

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
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
        public String getRenamedFrom() { return renamedFrom; }
        public void setRenamedFrom(String renamedFrom) { this.renamedFrom = renamedFrom; }
        public boolean isCaseSensitive() { return caseSensitive; }
        public void setCaseSensitive(boolean caseSensitive) { this.caseSensitive = caseSensitive; }
    }

    public boolean isCaseSensitive() { return caseSensitive; }
    public void setCaseSensitive(boolean caseSensitive) { this.caseSensitive = caseSensitive; }
    public Long getVersion() { return version; }
    public void setVersion(Long version) { this.version = version; }
    public String getLogicalName() { return logicalName; }
    public void setLogicalName(String logicalName) { this.logicalName = logicalName; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getSchema() { return schema; }
    public void setSchema(String schema) { this.schema = schema; }
    public String getEntityType() { return entityType; }
    public void setEntityType(String entityType) { this.entityType = entityType; }
    public PhysicalType getPhysicalType() { return physicalType; }
    public void setPhysicalType(PhysicalType physicalType) { this.physicalType = physicalType; }
    public String getPackageName() { return packageName; }
    public void setPackageName(String packageName) { this.packageName = packageName; }
    public String getDescription() { return description; }
    public String getFullRefreshPolicy() { return fullRefreshPolicy; }
    public void setFullRefreshPolicy(String fullRefreshPolicy) { this.fullRefreshPolicy = fullRefreshPolicy; }
    public void setDescription(String description) { this.description = description; }
    public List<AttributeRow> getAttributes() { return attributes; }
    public void setAttributes(List<AttributeRow> attributes) { this.attributes = attributes; }
}
