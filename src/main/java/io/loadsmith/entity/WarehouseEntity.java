package io.loadsmith.entity;

import org.hibernate.annotations.Fetch;
import org.hibernate.annotations.FetchMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.hibernate.annotations.ListIndexBase;
import org.hibernate.annotations.SQLRestriction;

import io.loadsmith.entitytype.EntityType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.limits.Limits;
import io.loadsmith.packageregistry.MetadataPackage;
import io.loadsmith.problem.Violations;
import io.loadsmith.store.StampedRow;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;

/** A table or view of the warehouse with its ordered attributes (the seed's "entity"). */
@Entity
@Table(name = "dw_entity")
// Soft-deleted rows (the designer's undo) are invisible to every query and lookup.
@SQLRestriction("deleted_at is null")
public class WarehouseEntity extends StampedRow {

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "package_id")
    private MetadataPackage metadataPackage;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "entity_type_id")
    private EntityType entityType;

    @Column(name = "logical_name", nullable = false)
    private String logicalName;

    @Column(nullable = false)
    private String name;

    /** schema.name in lower case, indexed: what names clash on (see {@link WarehouseEntityRepository#findClash}). */
    @Column(name = "name_key")
    private String nameKey;

    @Column(name = "schema_name", nullable = false)
    private String schemaName;

    @Enumerated(EnumType.STRING)
    @Column(name = "physical_type", nullable = false)
    private PhysicalType physicalType;

    private String description;

    /** The table name is written quoted in SQL so the engine keeps its case. */
    @Column(name = "case_sensitive", nullable = false)
    private boolean caseSensitive;

    /** deny, require_confirmation, allow, or null for the project's setting; see FullRefreshGuard. */
    @Column(name = "full_refresh_policy")
    private String fullRefreshPolicy;

    // The list index is the stored position (1-based): positions are contiguous by construction.
    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "dw_attribute", joinColumns = @JoinColumn(name = "entity_id"))
    @OrderColumn(name = "position")
    @ListIndexBase(1)
    private List<WarehouseAttribute> attributes = new ArrayList<>();

    @Column(name = "deleted_at")
    private Instant deletedAt;

    protected WarehouseEntity() {
        // for JPA
    }

    public WarehouseEntity(String schemaName, String name) {
        this.schemaName = schemaName;
        this.name = name;
        this.nameKey = nameKey(schemaName, name);
    }

    public void change(String newSchema, String newName, String newLogicalName, EntityType type, PhysicalType physical,
                       MetadataPackage inPackage, String newDescription) {
        this.schemaName = newSchema;
        this.name = newName;
        this.nameKey = nameKey(newSchema, newName);
        this.logicalName = newLogicalName;
        this.entityType = type;
        this.physicalType = physical;
        this.metadataPackage = inPackage;
        this.description = newDescription;
    }

    /**
     * Replaces the attributes, in order. Names must be unique ignoring case, because unquoted SQL
     * identifiers are: {@code Vessel_Id} and {@code vessel_id} would be the same column.
     */
    public void replaceAttributes(List<WarehouseAttribute> newAttributes) {
        replaceAttributes(newAttributes, 0);
    }

    /**
     * As above, where the first {@code fromType} attributes are the entity type's defaults. The limit
     * counts them too: a request's own limit sees only the attributes it lists, and an entity stored
     * over the limit could not be saved again as it reads.
     */
    public void replaceAttributes(List<WarehouseAttribute> newAttributes, int fromType) {
        Violations violations = new Violations();
        if (newAttributes.size() > Limits.ATTRIBUTES) {
            violations.add("attributes", null, "would give entity " + qualifiedName() + " "
                    + String.format(Locale.ROOT, "%,d", newAttributes.size()) + " attributes"
                    + (fromType == 0 ? "" : " with its type's " + String.format(Locale.ROOT, "%,d", fromType)
                    + " default attributes")
                    + "; an entity has at most " + String.format(Locale.ROOT, "%,d", Limits.ATTRIBUTES));
            violations.throwIfAny();
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < newAttributes.size(); i++) {
            String attributeName = newAttributes.get(i).getName();
            Integer first = seen.putIfAbsent(attributeName.toLowerCase(Locale.ROOT), i);
            if (first != null) {
                violations.add("attributes[" + i + "].name", attributeName, "is already the name of attribute "
                        + (first + 1) + " of entity " + qualifiedName());
            }
        }
        violations.throwIfAny();
        attributes.clear();
        attributes.addAll(newAttributes);
    }

    public String qualifiedName() {
        return schemaName + "." + name;
    }

    public MetadataPackage getMetadataPackage() {
        return metadataPackage;
    }

    public EntityType getEntityType() {
        return entityType;
    }

    public String getLogicalName() {
        return logicalName;
    }

    public String getName() {
        return name;
    }

    public String getSchemaName() {
        return schemaName;
    }

    public PhysicalType getPhysicalType() {
        return physicalType;
    }

    public String getDescription() {
        return description;
    }

    public String getFullRefreshPolicy() {
        return fullRefreshPolicy;
    }

    public boolean isCaseSensitive() {
        return caseSensitive;
    }

    public void changeCaseSensitive(boolean sensitive) {
        this.caseSensitive = sensitive;
    }

    public void changeFullRefreshPolicy(String policy) {
        this.fullRefreshPolicy = policy;
    }

    public List<WarehouseAttribute> getAttributes() {
        return List.copyOf(attributes);
    }

    /** The dialect-neutral, immutable form that the generator and templates see. */
    public EntityModel toModel() {
        return new EntityModel(getName(), getLogicalName(), getSchemaName(),
                getEntityType() == null ? null : getEntityType().getName(), getPhysicalType().name(),
                getAttributes().stream().map(a -> new AttributeModel(a.getName(),
                        a.getAttributeType(), a.getDatatype(), a.getDataLength(), a.getDataPrecision(), a.getDataScale(),
                        a.isNullable(), null, a.getDescription(), a.isCaseSensitive(), a.getName())).toList(),
                getFullRefreshPolicy(), caseSensitive, getName());
    }

    /** Soft delete: the row stays, hidden, until restored. */
    public void markDeleted(Instant at) {
        this.deletedAt = at;
    }

    /** Unquoted identifiers are case-insensitive in SQL, so entity names are compared in lower case. */
    static String nameKey(String schema, String name) {
        return (schema + "." + name).toLowerCase(Locale.ROOT);
    }
}
