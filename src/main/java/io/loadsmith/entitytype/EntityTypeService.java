package io.loadsmith.entitytype;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.NamedRowService;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.entitytype.EntityTypeRequest.DefaultAttributeRef;
import io.loadsmith.entitytype.EntityTypeRequest.LoadTypeJson;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.packageregistry.MetadataPackage;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.Violations;

@Service
@Transactional
public class EntityTypeService extends NamedRowService<EntityType, EntityTypeResponse> {

    /** Prefix and suffix are glued to a logical name, so they may also start with a digit or be empty. */
    private static final Pattern AFFIX = Pattern.compile("[A-Za-z0-9_]*");

    private final EntityTypeRepository types;
    private final DefaultAttributeRepository defaultAttributes;
    private final MetadataPackageService packages;
    private final TemplateCatalog catalog;
    private final StoredTransformationTypes transformationTypes;

    public EntityTypeService(EntityTypeRepository types, DefaultAttributeRepository defaultAttributes,
                             MetadataPackageService packages, TemplateCatalog catalog,
                             StoredTransformationTypes transformationTypes, AuditTrail audit) {
        super(ObjectKind.ENTITY_TYPE, types, EntityTypeService::toResponse, audit);
        this.types = types;
        this.defaultAttributes = defaultAttributes;
        this.packages = packages;
        this.catalog = catalog;
        this.transformationTypes = transformationTypes;
    }

    public EntityTypeResponse create(EntityTypeRequest request) {
        return createNamed(request.name(), new EntityType(request.name()), type -> apply(type, request));
    }

    public EntityTypeResponse update(long id, EntityTypeRequest request) {
        return updateNamed(id, request.version(), request.name(), type -> apply(type, request));
    }

    public void delete(long id) {
        EntityType type = rows.find(id);
        if (types.isUsedByEntities(type)) {
            throw new ConflictException(kind() + " '" + type.getName() + "' still has entities.");
        }
        rows.delete(type);
    }

    /** For the entity feature: the type a request names, or a 400 naming the field. */
    @Transactional(readOnly = true)
    public EntityType byName(String field, String name) {
        return types.findByName(name).orElseThrow(() -> InvalidRequestException.of(field, name, "names no entity type"));
    }

    private void apply(EntityType type, EntityTypeRequest r) {
        Violations violations = new Violations();
        Identifiers.check(violations, "name", r.name());
        checkAffix(violations, "namePrefix", r.namePrefix());
        checkAffix(violations, "nameSuffix", r.nameSuffix());
        Identifiers.checkOptional(violations, "defaultSchema", r.defaultSchema());
        List<EntityTypeDefaultAttribute> attributes = new ArrayList<>();
        for (int i = 0; i < r.defaultAttributes().size(); i++) {
            DefaultAttributeRef ref = r.defaultAttributes().get(i);
            Optional<DefaultAttribute> attribute = defaultAttributes.findByCode(ref.defaultAttribute());
            if (attribute.isEmpty()) {
                violations.add("defaultAttributes[" + i + "].defaultAttribute", ref.defaultAttribute(),
                        "names no default attribute");
            } else {
                attributes.add(new EntityTypeDefaultAttribute(attribute.get(), ref.transformationType()));
            }
            if (ref.transformationType() != null && !transformationTypeExists(ref.transformationType())) {
                violations.add("defaultAttributes[" + i + "].transformationType", ref.transformationType(),
                        "names no transformation type (neither stored nor in the library)");
            }
        }
        violations.throwIfAny();
        MetadataPackage inPackage = r.packageName() == null ? null : packages.byName("packageName", r.packageName());
        type.change(r.name(), r.description(), r.namePrefix(), r.nameSuffix(), r.defaultSchema(),
                r.defaultPhysicalType(), inPackage);
        type.replaceDefaultAttributes(attributes);
        Set<EntityTypeLoadType> loadTypes = new LinkedHashSet<>();
        for (LoadTypeJson l : r.loadTypes()) {
            loadTypes.add(new EntityTypeLoadType(l.physicalType(), l.loadType()));
        }
        type.replaceLoadTypes(loadTypes);
    }

    /**
     * Stored (with or without formulas: one without is a run-time value) or shipped. The store is read
     * directly, not through the catalog's cache: an import creates the type in the same transaction.
     */
    private boolean transformationTypeExists(String name) {
        return transformationTypes.exists(name) || catalog.find(TemplateKind.FORMULA, name).isPresent();
    }

    private static void checkAffix(Violations violations, String field, String value) {
        if (value != null && (value.length() > 64 || !AFFIX.matcher(value).matches())) {
            violations.add(field, value, "may hold only letters, digits and _ (at most 64)");
        }
    }

    static EntityTypeResponse toResponse(EntityType t) {
        return new EntityTypeResponse(t.getId(), t.getVersion(), t.getName(), t.getDescription(), t.getNamePrefix(),
                t.getNameSuffix(), t.getDefaultSchema(), t.getDefaultPhysicalType(),
                t.getMetadataPackage() == null ? null : t.getMetadataPackage().getName(),
                t.getDefaultAttributes().stream()
                        .map(d -> new DefaultAttributeRef(d.getDefaultAttribute().getCode(), d.getTransformationType()))
                        .toList(),
                t.getLoadTypes().stream()
                        .map(l -> new LoadTypeJson(l.getPhysicalType(), l.getLoadType()))
                        .sorted(Comparator.comparing((LoadTypeJson l) -> l.physicalType().name())
                                .thenComparing(l -> l.loadType().name()))
                        .toList());
    }
}
