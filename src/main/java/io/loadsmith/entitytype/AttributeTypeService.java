package io.loadsmith.entitytype;

import java.util.List;

import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.entitytype.AttributeTypeRequest;
import io.loadsmith.entitytype.AttributeTypeResponse;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.StaleVersionException;
import io.loadsmith.problem.Violations;
import io.loadsmith.names.Names;

@Service
@Transactional
public class AttributeTypeService {

    private static final String KIND = "Attribute type";

    private final AttributeTypeRepository types;
    private final DefaultAttributeRepository defaultAttributes;
    private final AuditTrail audit;

    public AttributeTypeService(AttributeTypeRepository types, DefaultAttributeRepository defaultAttributes,
                                AuditTrail audit) {
        this.types = types;
        this.defaultAttributes = defaultAttributes;
        this.audit = audit;
    }

    @Transactional(readOnly = true)
    public List<AttributeTypeResponse> list(String name) {
        List<AttributeType> found = name == null ? types.findAll(Sort.by("name"))
                : types.findByName(name).map(List::of).orElse(List.of());
        return found.stream().map(AttributeTypeService::toResponse).toList();
    }

    @Transactional(readOnly = true)
    public AttributeTypeResponse get(long id) {
        return toResponse(find(id));
    }

    public AttributeTypeResponse create(AttributeTypeRequest request) {
        validate(request);
        Names.requireFree(KIND, request.name(), null, types.findByNameIgnoreCase(request.name()), AttributeType::getId, AttributeType::getName);
        return audit.created(ObjectKind.ATTRIBUTE_TYPE, toResponse(types.saveAndFlush(new AttributeType(request.name(),
                request.superAttributeType(), request.description()))));
    }

    public AttributeTypeResponse update(long id, AttributeTypeRequest request) {
        AttributeType type = find(id);
        StaleVersionException.check(KIND + " '" + type.getName() + "'", request.version(), type.getVersion());
        AttributeTypeResponse before = audit.before(() -> toResponse(type));
        validate(request);
        if (!type.getName().equals(request.name())) {
            // Default attributes and entity attributes refer to the type by name: renaming would orphan them.
            if (isUsed(type.getName())) {
                throw new ConflictException(KIND + " '" + type.getName() + "' is in use and cannot be renamed.");
            }
            Names.requireFree(KIND, request.name(), type.getId(), types.findByNameIgnoreCase(request.name()), AttributeType::getId, AttributeType::getName);
        }
        type.change(request.name(), request.superAttributeType(), request.description());
        return audit.updated(ObjectKind.ATTRIBUTE_TYPE, before, toResponse(types.saveAndFlush(type)));
    }

    public void delete(long id) {
        AttributeType type = find(id);
        if (isUsed(type.getName()) || types.existsBySuperAttributeType(type.getName())) {
            throw new ConflictException(KIND + " '" + type.getName()
                    + "' is still used by default attributes, entity attributes or as a super type.");
        }
        audit.deleted(ObjectKind.ATTRIBUTE_TYPE, () -> toResponse(type));
        types.delete(type);
        types.flush();
    }

    /** For other features: adds a problem unless {@code name} is null or a stored attribute type. */
    @Transactional(readOnly = true)
    /** Adds a violation when {@code name} names no attribute type; true when it names one. */
    public boolean checkExists(Violations violations, String field, String name) {
        if (name != null && !types.existsByName(name)) {
            violations.add(field, name, "names no attribute type");
            return false;
        }
        return name != null;
    }

    private boolean isUsed(String name) {
        return defaultAttributes.existsByAttributeType(name) || types.isUsedByEntityAttributes(name);
    }

    private void validate(AttributeTypeRequest request) {
        Violations violations = new Violations();
        Identifiers.check(violations, "name", request.name());
        if (request.name() != null && request.name().equals(request.superAttributeType())) {
            violations.add("superAttributeType", request.superAttributeType(), "cannot be the type itself");
        } else {
            checkExists(violations, "superAttributeType", request.superAttributeType());
        }
        violations.throwIfAny();
    }

    private AttributeType find(long id) {
        return types.findById(id).orElseThrow(() -> NotFoundException.id(KIND, id));
    }

    private static AttributeTypeResponse toResponse(AttributeType t) {
        return new AttributeTypeResponse(t.getId(), t.getVersion(), t.getName(), t.getSuperAttributeType(),
                t.getDescription());
    }
}
