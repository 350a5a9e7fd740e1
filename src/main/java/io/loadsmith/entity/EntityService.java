package io.loadsmith.entity;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.Optional;

import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.AuditedRows;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.dialect.LogicalDatatypes;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DefaultAttribute;
import io.loadsmith.entitytype.EntityType;
import io.loadsmith.entitytype.EntityTypeDefaultAttribute;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.generation.FullRefreshPolicy;
import io.loadsmith.packageregistry.MetadataPackage;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.Violations;

@Service
@Transactional
public class EntityService {

    private static final String KIND = ObjectKind.ENTITY.label();

    private final WarehouseEntityRepository entities;
    private final EntityTypeService entityTypes;
    private final AttributeTypeService attributeTypes;
    private final MetadataPackageService packages;
    private final LogicalDatatypes datatypes;
    private final AuditTrail audit;
    private final AuditedRows<WarehouseEntity, EntityResponse> rows;
    private final PackageEntitiesReader packageReader;
    private final DialectRegistry dialects;

    public EntityService(WarehouseEntityRepository entities, EntityTypeService entityTypes,
                         AttributeTypeService attributeTypes, MetadataPackageService packages, LogicalDatatypes datatypes,
                         AuditTrail audit, PackageEntitiesReader packageReader, DialectRegistry dialects) {
        this.packageReader = packageReader;
        this.dialects = dialects;
        this.entities = entities;
        this.entityTypes = entityTypes;
        this.attributeTypes = attributeTypes;
        this.packages = packages;
        this.datatypes = datatypes;
        this.audit = audit;
        this.rows = new AuditedRows<>(ObjectKind.ENTITY, entities, e -> KIND + " " + e.qualifiedName(),
                EntityService::toResponse, audit);
    }

    /** The entities of one package, by schema and name (read by JDBC: a package may hold tens of thousands). */
    @Transactional(readOnly = true)
    public List<EntityResponse> ofPackage(String packageName) {
        return packageReader.ofPackage(packageName);
    }

    /** {@code name} is an entity name (any schema) or a qualified one, {@code schema.name}. */
    @Transactional(readOnly = true)
    public List<EntityResponse> list(String name) {
        List<WarehouseEntity> found;
        if (name == null) {
            found = entities.findAll(Sort.by("schemaName", "name"));
        } else if (name.contains(".")) {
            found = findQualified(name).map(List::of).orElse(List.of());
        } else {
            found = entities.findByNameOrderBySchemaName(name);
        }
        return found.stream().map(EntityService::toResponse).toList();
    }

    /** The entity {@code schema.name} names, ignoring case as unquoted SQL names do; empty when none does. */
    @Transactional(readOnly = true)
    public Optional<EntityResponse> named(String schema, String name) {
        return entities.findClash(schema, name).map(EntityService::toResponse);
    }

    /** The designer's list: part of a name, an entity type, a schema, a package; each may be null. */
    @Transactional(readOnly = true)
    public List<EntityResponse> filter(String name, String entityType, String schema, String packageName) {
        return entities.filter(blankToEmpty(name), blankToEmpty(entityType), blankToEmpty(schema),
                        blankToEmpty(packageName)).stream()
                .map(EntityService::toResponse).toList();
    }

    /** Entities whose name or one of whose attributes' names contains {@code text}, ignoring case. */
    @Transactional(readOnly = true)
    public List<EntityResponse> search(String text) {
        return entities.search(text).stream().map(EntityService::toResponse).toList();
    }

    /** The ten most recently changed entities, newest first. */
    @Transactional(readOnly = true)
    public List<EntityResponse> recent() {
        return entities.findTop10ByOrderByUpdatedAtDesc().stream().map(EntityService::toResponse).toList();
    }

    private static String blankToEmpty(String value) {
        return value == null ? "" : value.strip();
    }

    @Transactional(readOnly = true)
    public EntityResponse get(long id) {
        return rows.get(id);
    }

    /** Creates an entity; with an entity type, the type names it and gives its default attributes first. */
    public EntityResponse create(EntityRequest request) {
        return create(request, true);
    }

    /**
     * Creates an entity with exactly the given attributes, its type's defaults included already (a
     * package import: the document lists every attribute), so it is written once, with its type.
     */
    public EntityResponse createAsGiven(EntityRequest request) {
        return create(request, false);
    }

    private EntityResponse create(EntityRequest request, boolean addTypeDefaults) {
        EntityType type = request.entityType() == null ? null : entityTypes.byName("entityType", request.entityType());
        List<WarehouseAttribute> attributes = new ArrayList<>();
        Violations violations = new Violations();
        Identifiers.check(violations, "logicalName", request.logicalName());
        String name = request.name() != null ? request.name()
                : type == null ? request.logicalName() : type.entityNameFor(request.logicalName());
        if (addTypeDefaults && type != null && violations.isEmpty()) {
            attributes.addAll(defaultAttributes(type, request.logicalName(), name));
        }
        int fromType = attributes.size();
        refuseDefaultNames(violations, attributes, request.attributes());
        attributes.addAll(attributes(violations, request.attributes()));
        refuseAmbiguousRenames(violations, attributes, fromType);
        WarehouseEntity entity = new WarehouseEntity(schema(request, type), name);
        apply(entity, request, type, name, attributes, fromType, violations);
        return rows.create(entity);
    }

    /** Replaces an entity; {@code attributes} is the complete list, nothing is added by type. */
    public EntityResponse update(long id, EntityRequest request) {
        return rows.update(id, request.version(), entity -> {
            EntityType type = request.entityType() == null ? null
                    : entityTypes.byName("entityType", request.entityType());
            Violations violations = new Violations();
            Identifiers.check(violations, "logicalName", request.logicalName());
            String name = request.name() != null ? request.name()
                    : type == null ? request.logicalName() : type.entityNameFor(request.logicalName());
            List<WarehouseAttribute> attributes = attributes(violations, request.attributes());
            refuseAmbiguousRenames(violations, attributes, 0);
            apply(entity, request, type, name, attributes, 0, violations);
        });
    }

    public void delete(long id) {
        rows.delete(unused(id));
    }

    /**
     * The designer's delete: the entity is hidden, not removed, and {@link #restore} brings it back.
     * Refused like {@link #delete} while a load uses it.
     */
    public void softDelete(long id) {
        rows.softDelete(unused(id), entity -> entity.markDeleted(Instant.now()));
    }

    /** The entity of {@code id}, refused while a load uses it: its target or sources would be gone. */
    private WarehouseEntity unused(long id) {
        WarehouseEntity entity = rows.find(id);
        List<String> loads = entities.loadsUsing(entity);
        if (!loads.isEmpty()) {
            throw new ConflictException(KIND + " " + entity.qualifiedName() + " is used by loads "
                    + String.join(", ", loads) + "; delete or change them first.");
        }
        return entity;
    }

    /** Brings back a soft-deleted entity. */
    public void restore(long id) {
        if (entities.restore(id) == 0) {
            throw new NotFoundException(KIND + " " + id + " is not among the deleted entities.");
        }
        audit.restored(ObjectKind.ENTITY, () -> get(id));
    }

    /** Soft-deleted entities, newest first. */
    @Transactional(readOnly = true)
    public List<Deleted> deleted() {
        return entities.deleted().stream().map(row -> new Deleted(((Number) row[0]).longValue(),
                row[1] + "." + row[2], Deleted.instant(row[3]))).toList();
    }

    /** Something soft-deleted: what to call it and when it went. */
    public record Deleted(long id, String name, Instant deletedAt) {

        /** Drivers give timestamp with time zone as OffsetDateTime, Timestamp or Instant. */
        public static Instant instant(Object value) {
            if (value instanceof OffsetDateTime o) {
                return o.toInstant();
            }
            if (value instanceof Timestamp t) {
                return t.toInstant();
            }
            if (value instanceof Instant i) {
                return i;
            }
            return value == null ? null : OffsetDateTime.parse(value.toString()).toInstant();
        }
    }

    /** For loads: the entity that {@code schema.name} (or an unambiguous bare name) refers to. */
    @Transactional(readOnly = true)
    public WarehouseEntity byQualifiedName(String field, String qualifiedName) {
        if (qualifiedName != null && qualifiedName.contains(".")) {
            return findQualified(qualifiedName).orElseThrow(() ->
                    InvalidRequestException.of(field, qualifiedName, "names no entity"));
        }
        List<WarehouseEntity> found = qualifiedName == null ? List.of() : entities.findByNameOrderBySchemaName(qualifiedName);
        if (found.size() != 1) {
            throw InvalidRequestException.of(field, qualifiedName, found.isEmpty() ? "names no entity"
                    : "is ambiguous: give it as schema.name");
        }
        return found.get(0);
    }

    /** As {@link #byQualifiedName}, but empty rather than refused: for a caller that words its own refusal. */
    @Transactional(readOnly = true)
    public Optional<WarehouseEntity> findByQualifiedName(String qualifiedName) {
        if (qualifiedName == null || qualifiedName.contains(".")) {
            return qualifiedName == null ? Optional.empty() : findQualified(qualifiedName);
        }
        List<WarehouseEntity> found = entities.findByNameOrderBySchemaName(qualifiedName);
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    private void apply(WarehouseEntity entity, EntityRequest request, EntityType type, String name,
                       List<WarehouseAttribute> attributes, int fromType, Violations violations) {
        String schema = schema(request, type);
        checkName(violations, "name", name);
        checkName(violations, "schema", schema);
        String policy = request.fullRefreshPolicy() == null || request.fullRefreshPolicy().isBlank() ? null
                : FullRefreshPolicy.parse(request.fullRefreshPolicy()).map(FullRefreshPolicy::value).orElse(null);
        if (policy == null && request.fullRefreshPolicy() != null && !request.fullRefreshPolicy().isBlank()) {
            violations.add("fullRefreshPolicy", request.fullRefreshPolicy(), "is not a full-refresh policy: give "
                    + FullRefreshPolicy.choices() + ", or leave it out for the project's setting");
        }
        violations.throwIfAny();
        entities.findClash(schema, name)
                .filter(other -> !other.getId().equals(entity.getId()))
                .ifPresent(other -> {
                    throw new ConflictException(KIND + " " + other.qualifiedName() + " already exists.");
                });
        PhysicalType physical = request.physicalType() != null ? request.physicalType()
                : type != null ? type.getDefaultPhysicalType() : PhysicalType.TABLE;
        MetadataPackage inPackage = request.packageName() == null ? null
                : packages.byName("packageName", request.packageName());
        entity.change(schema, name, request.logicalName(), type, physical, inPackage, request.description());
        entity.changeFullRefreshPolicy(policy);
        entity.changeCaseSensitive(Boolean.TRUE.equals(request.caseSensitive()));
        entity.replaceAttributes(attributes, fromType);
    }

    private static String schema(EntityRequest request, EntityType type) {
        return request.schema() != null ? request.schema() : type == null ? null : type.getDefaultSchema();
    }

    /** The type's default attributes, named for this entity; a bad name template is reported here. */
    private static List<WarehouseAttribute> defaultAttributes(EntityType type, String logicalName, String entityName) {
        Violations violations = new Violations();
        List<WarehouseAttribute> result = new ArrayList<>();
        for (EntityTypeDefaultAttribute entry : type.getDefaultAttributes()) {
            DefaultAttribute d = entry.getDefaultAttribute();
            String attributeName = d.nameFor(logicalName, entityName);
            if (!Identifiers.isValid(attributeName)) {
                violations.add("logicalName", logicalName, "gives default attribute " + d.getCode()
                        + " the name '" + attributeName + "', which is not a valid identifier");
            }
            result.add(new WarehouseAttribute(attributeName, d.getDatatype(), d.getDataLength(), d.getDataPrecision(),
                    d.getDataScale(), d.isNullable(), d.getAttributeType(), d.getDescription()));
        }
        violations.throwIfAny();
        return result;
    }

    /**
     * A business attribute may not take a default attribute's name. Checked here rather than left to
     * the entity, so that the error names the attribute's index in the request, not in the full list.
     */
    private static void refuseDefaultNames(Violations violations, List<WarehouseAttribute> defaults,
                                           List<AttributeJson> given) {
        for (int i = 0; i < given.size(); i++) {
            String attributeName = given.get(i).name();
            if (defaults.stream().anyMatch(d -> d.getName().equalsIgnoreCase(attributeName))) {
                violations.add("attributes[" + i + "].name", attributeName,
                        "is the name of a default attribute that the entity type adds");
            }
        }
    }

    /**
     * Renames a migration could not tell apart: two attributes renamed from one column, or one
     * renamed from a column that another attribute keeps under its own name (a swap, where that
     * attribute is renamed too, is fine). {@code offset}: the type's default attributes before the
     * request's, so the field names the request's index.
     */
    private static void refuseAmbiguousRenames(Violations violations, List<WarehouseAttribute> attributes, int offset) {
        Map<String, Integer> renamedFrom = new HashMap<>();
        Map<String, Integer> kept = new HashMap<>();
        for (int i = 0; i < attributes.size(); i++) {
            if (!renamed(attributes.get(i))) {
                kept.putIfAbsent(attributes.get(i).getName().toLowerCase(Locale.ROOT), i);
            }
        }
        for (int i = 0; i < attributes.size(); i++) {
            WarehouseAttribute a = attributes.get(i);
            if (!renamed(a)) {
                continue;
            }
            String from = a.getRenamedFrom().toLowerCase(Locale.ROOT);
            String field = "attributes[" + (i - offset) + "].renamedFrom";
            Integer first = renamedFrom.putIfAbsent(from, i);
            Integer keeper = kept.get(from);
            if (first != null) {
                violations.add(field, a.getRenamedFrom(), "is also the renamedFrom of attribute '"
                        + attributes.get(first).getName() + "'; one column can take only one new name");
            } else if (keeper != null) {
                violations.add(field, a.getRenamedFrom(), "is the name of attribute '"
                        + attributes.get(keeper).getName() + "', which keeps it, so a migration could not tell which column holds the old values;"
                        + " remove renamedFrom, or rename that attribute too");
            }
        }
    }

    private static boolean renamed(WarehouseAttribute a) {
        return a.getRenamedFrom() != null && !a.getRenamedFrom().equalsIgnoreCase(a.getName());
    }

    // Words some dialects reserve stay allowed (the preview names the dialect); words all reserve never generate.
    private void checkName(Violations violations, String field, String value) {
        Identifiers.check(violations, field, value);
        if (Identifiers.isValid(value) && dialects.reservedEverywhere(value)) {
            violations.add(field, value, "is an SQL keyword that every target dialect reserves; rename it");
        }
    }

    private List<WarehouseAttribute> attributes(Violations violations, List<AttributeJson> given) {
        List<WarehouseAttribute> result = new ArrayList<>();
        // An entity's attributes name few attribute types: each is looked up once, not once per attribute.
        Set<String> knownTypes = new HashSet<>();
        for (int i = 0; i < given.size(); i++) {
            AttributeJson a = given.get(i);
            String at = "attributes[" + i + "]";
            checkName(violations, at + ".name", a.name());
            if (a.renamedFrom() != null && !a.renamedFrom().isBlank()) {
                Identifiers.check(violations, at + ".renamedFrom", a.renamedFrom());
            }
            datatypes.check(violations, at + ".datatype", a.datatype());
            if (a.attributeType() != null && !knownTypes.contains(a.attributeType())
                    && attributeTypes.checkExists(violations, at + ".attributeType", a.attributeType())) {
                knownTypes.add(a.attributeType());
            }
            if (a.dataScale() != null && a.dataPrecision() != null && a.dataScale() > a.dataPrecision()) {
                violations.add(at + ".dataScale", a.dataScale(), "must not exceed dataPrecision (" + a.dataPrecision() + ")");
            }
            result.add(new WarehouseAttribute(a.name(), a.datatype(), a.dataLength(), a.dataPrecision(), a.dataScale(),
                    a.nullable() == null || a.nullable(), a.attributeType(), a.description(),
                    a.renamedFrom() == null || a.renamedFrom().isBlank() ? null : a.renamedFrom(),
                    Boolean.TRUE.equals(a.caseSensitive())));
        }
        return result;
    }

    private Optional<WarehouseEntity> findQualified(String qualifiedName) {
        int dot = qualifiedName.indexOf('.');
        return entities.findBySchemaNameAndName(qualifiedName.substring(0, dot), qualifiedName.substring(dot + 1));
    }

    static EntityResponse toResponse(WarehouseEntity e) {
        return new EntityResponse(e.getId(), e.getVersion(), e.getName(), e.getLogicalName(), e.getSchemaName(),
                e.qualifiedName(), e.getEntityType() == null ? null : e.getEntityType().getName(), e.getPhysicalType(),
                e.getMetadataPackage() == null ? null : e.getMetadataPackage().getName(), e.getDescription(),
                e.getFullRefreshPolicy(),
                e.getAttributes().stream().map(a -> new AttributeJson(a.getName(), a.getDatatype(), a.getDataLength(),
                        a.getDataPrecision(), a.getDataScale(), a.isNullable(), a.getAttributeType(),
                        a.getDescription(), a.getRenamedFrom(), a.isCaseSensitive())).toList(),
                e.getCreatedAt(), e.getUpdatedAt(), e.isCaseSensitive());
    }
}
