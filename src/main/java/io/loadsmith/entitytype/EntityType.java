package io.loadsmith.entitytype;

import org.hibernate.annotations.Fetch;
import org.hibernate.annotations.FetchMode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.hibernate.annotations.ListIndexBase;

import io.loadsmith.packageregistry.MetadataPackage;
import io.loadsmith.problem.Violations;
import io.loadsmith.packageregistry.PackagedRow;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;

/**
 * A kind of entity (DIM_SCD2, HUB, ...): how new entities of the kind are named, where they live,
 * and which default attributes they start with, in order.
 */
@Entity
@Table(name = "entity_type")
public class EntityType extends PackagedRow {

    @Column(name = "name_prefix")
    private String namePrefix;

    @Column(name = "name_suffix")
    private String nameSuffix;

    @Column(name = "default_schema")
    private String defaultSchema;

    @Enumerated(EnumType.STRING)
    @Column(name = "default_physical_type", nullable = false)
    private PhysicalType defaultPhysicalType = PhysicalType.TABLE;

    // The list index is the stored position (1-based), so positions are contiguous by construction.
    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "entity_type_default_attribute", joinColumns = @JoinColumn(name = "entity_type_id"))
    @OrderColumn(name = "position")
    @ListIndexBase(1)
    private List<EntityTypeDefaultAttribute> defaultAttributes = new ArrayList<>();

    @Fetch(FetchMode.SUBSELECT)
    @ElementCollection
    @CollectionTable(name = "entity_type_load_type", joinColumns = @JoinColumn(name = "entity_type_id"))
    private Set<EntityTypeLoadType> loadTypes = new HashSet<>();

    protected EntityType() {
        // for JPA
    }

    public EntityType(String name) {
        super(name);
    }

    public void change(String newName, String newDescription, String prefix, String suffix, String schema,
                       PhysicalType physicalType, MetadataPackage inPackage) {
        rename(newName, newDescription, inPackage);
        this.namePrefix = prefix;
        this.nameSuffix = suffix;
        this.defaultSchema = schema;
        this.defaultPhysicalType = physicalType == null ? PhysicalType.TABLE : physicalType;
    }

    /** Replaces the ordered default attributes; one default attribute may appear only once. */
    public void replaceDefaultAttributes(List<EntityTypeDefaultAttribute> attributes) {
        Violations violations = new Violations();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < attributes.size(); i++) {
            String code = attributes.get(i).getDefaultAttribute().getCode();
            if (!seen.add(code)) {
                violations.add("defaultAttributes[" + i + "].defaultAttribute", code, "is listed more than once");
            }
        }
        violations.throwIfAny();
        defaultAttributes.clear();
        defaultAttributes.addAll(attributes);
    }

    public void replaceLoadTypes(Set<EntityTypeLoadType> types) {
        loadTypes.retainAll(types);
        loadTypes.addAll(types);
    }

    /** The seed's naming rule: prefix + logical name + suffix, e.g. D_ + VESSEL + _SCD2. */
    public String entityNameFor(String logicalName) {
        return (namePrefix == null ? "" : namePrefix) + logicalName + (nameSuffix == null ? "" : nameSuffix);
    }

    public String getNamePrefix() {
        return namePrefix;
    }

    public String getNameSuffix() {
        return nameSuffix;
    }

    public String getDefaultSchema() {
        return defaultSchema;
    }

    public PhysicalType getDefaultPhysicalType() {
        return defaultPhysicalType;
    }

    public List<EntityTypeDefaultAttribute> getDefaultAttributes() {
        return List.copyOf(defaultAttributes);
    }

    public Set<EntityTypeLoadType> getLoadTypes() {
        return new LinkedHashSet<>(loadTypes);
    }

}
