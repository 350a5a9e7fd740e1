package io.loadsmith.entitytype;


import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.NamedRowService;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.Violations;

@Service
@Transactional
public class AttributeTypeService extends NamedRowService<AttributeType, AttributeTypeResponse> {

    private final AttributeTypeRepository types;
    private final DefaultAttributeRepository defaultAttributes;

    public AttributeTypeService(AttributeTypeRepository types, DefaultAttributeRepository defaultAttributes,
                                AuditTrail audit) {
        super(ObjectKind.ATTRIBUTE_TYPE, types, AttributeTypeService::toResponse, audit);
        this.types = types;
        this.defaultAttributes = defaultAttributes;
    }

    public AttributeTypeResponse create(AttributeTypeRequest request) {
        validate(request);
        types.requireFree(kind(), request.name(), null);
        return rows.create(new AttributeType(request.name(), request.superAttributeType(), request.description()));
    }

    public AttributeTypeResponse update(long id, AttributeTypeRequest request) {
        return rows.update(id, request.version(), type -> {
            validate(request);
            if (!type.getName().equals(request.name())) {
                // Default attributes and entity attributes refer to the type by name: renaming would orphan them.
                if (isUsed(type.getName())) {
                    throw new ConflictException(kind() + " '" + type.getName() + "' is in use and cannot be renamed.");
                }
                types.requireFree(kind(), request.name(), type.getId());
            }
            type.change(request.name(), request.superAttributeType(), request.description());
        });
    }

    public void delete(long id) {
        AttributeType type = rows.find(id);
        if (isUsed(type.getName()) || types.existsBySuperAttributeType(type.getName())) {
            throw new ConflictException(kind() + " '" + type.getName()
                    + "' is still used by default attributes, entity attributes or as a super type.");
        }
        rows.delete(type);
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

    private static AttributeTypeResponse toResponse(AttributeType t) {
        return new AttributeTypeResponse(t.getId(), t.getVersion(), t.getName(), t.getSuperAttributeType(),
                t.getDescription());
    }
}
