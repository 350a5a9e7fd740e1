package io.loadsmith.entitytype;

import java.util.List;

import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.AuditedRows;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.dialect.LogicalDatatypes;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.Violations;

@Service
@Transactional
public class DefaultAttributeService {

    private static final String KIND = ObjectKind.DEFAULT_ATTRIBUTE.label();

    private final DefaultAttributeRepository attributes;
    private final AttributeTypeService attributeTypes;
    private final LogicalDatatypes datatypes;
    private final AuditedRows<DefaultAttribute, DefaultAttributeResponse> rows;

    public DefaultAttributeService(DefaultAttributeRepository attributes, AttributeTypeService attributeTypes,
                                   LogicalDatatypes datatypes, AuditTrail audit) {
        this.attributes = attributes;
        this.attributeTypes = attributeTypes;
        this.datatypes = datatypes;
        this.rows = new AuditedRows<>(ObjectKind.DEFAULT_ATTRIBUTE, attributes,
                a -> KIND + " '" + a.getCode() + "'", DefaultAttributeService::toResponse, audit);
    }

    /** {@code name} filters by code, the default attribute's key. */
    @Transactional(readOnly = true)
    public List<DefaultAttributeResponse> list(String name) {
        List<DefaultAttribute> found = name == null ? attributes.findAll(Sort.by("code"))
                : attributes.findByCode(name).map(List::of).orElse(List.of());
        return found.stream().map(DefaultAttributeService::toResponse).toList();
    }

    @Transactional(readOnly = true)
    public DefaultAttributeResponse get(long id) {
        return rows.get(id);
    }

    public DefaultAttributeResponse create(DefaultAttributeRequest request) {
        validate(request);
        if (attributes.existsByCode(request.code())) {
            throw new ConflictException(KIND + " '" + request.code() + "' already exists.");
        }
        DefaultAttribute attribute = new DefaultAttribute(request.code());
        apply(attribute, request);
        return rows.create(attribute);
    }

    public DefaultAttributeResponse update(long id, DefaultAttributeRequest request) {
        return rows.update(id, request.version(), attribute -> {
            validate(request);
            if (!attribute.getCode().equals(request.code()) && attributes.existsByCode(request.code())) {
                throw new ConflictException(KIND + " '" + request.code() + "' already exists.");
            }
            apply(attribute, request);
        });
    }

    public void delete(long id) {
        DefaultAttribute attribute = rows.find(id);
        if (attributes.isUsedByEntityTypes(attribute)) {
            throw new ConflictException(KIND + " '" + attribute.getCode()
                    + "' is still listed by entity types; remove it from them first.");
        }
        rows.delete(attribute);
    }

    private static void apply(DefaultAttribute attribute, DefaultAttributeRequest r) {
        attribute.change(r.code(), r.nameTemplate(), r.datatype(), r.dataLength(), r.dataPrecision(), r.dataScale(),
                r.nullable() == null || r.nullable(), r.attributeType(), r.description());
    }

    private void validate(DefaultAttributeRequest request) {
        Violations violations = new Violations();
        // A code is a key, not SQL: the commercial tool's ids ("101", UUIDs) must fit.
        if (request.code() == null || !request.code().matches("[A-Za-z0-9_.:-]{1,128}")) {
            violations.add("code", request.code(), "must be 1 to 128 letters, digits or _ . : -");
        }
        if (request.nameTemplate() == null
                || !Identifiers.isValid(request.nameTemplate()
                        .replace(DefaultAttribute.LOGICAL_NAME_PLACEHOLDER, "x")
                        .replace(DefaultAttribute.NAME_PLACEHOLDER, "x"))) {
            violations.add("nameTemplate", request.nameTemplate(), "must give a valid identifier once "
                    + DefaultAttribute.LOGICAL_NAME_PLACEHOLDER + " and " + DefaultAttribute.NAME_PLACEHOLDER
                    + " are replaced: letters, digits and _");
        }
        datatypes.check(violations, "datatype", request.datatype());
        attributeTypes.checkExists(violations, "attributeType", request.attributeType());
        violations.throwIfAny();
    }

    private static DefaultAttributeResponse toResponse(DefaultAttribute a) {
        return new DefaultAttributeResponse(a.getId(), a.getVersion(), a.getCode(), a.getNameTemplate(), a.getDatatype(),
                a.getDataLength(), a.getDataPrecision(), a.getDataScale(), a.isNullable(), a.getAttributeType(),
                a.getDescription());
    }
}
