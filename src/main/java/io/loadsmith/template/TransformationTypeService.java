package io.loadsmith.template;

import java.util.Map;
import java.util.TreeMap;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.store.TemplateCacheEviction;
import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.NamedRowService;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.problem.Violations;

/** Stored transformation types and their formulas; formulas pass the same checks as templates. */
@Service
@Transactional
public class TransformationTypeService extends NamedRowService<TransformationType, TransformationTypeResponse> {

    private final TransformationTypeRepository types;
    private final TemplateTextCheck textCheck;
    private final TemplateCacheEviction eviction;

    public TransformationTypeService(TransformationTypeRepository types, TemplateTextCheck textCheck,
                                     TemplateCacheEviction eviction, AuditTrail audit) {
        super(ObjectKind.TRANSFORMATION_TYPE, types, TransformationTypeService::toResponse, audit);
        this.types = types;
        this.textCheck = textCheck;
        this.eviction = eviction;
    }

    public TransformationTypeResponse create(TransformationTypeRequest request) {
        Map<String, String> formulas = validate(request);
        return createNamed(request.name(), new TransformationType(request.name()), type -> {
            type.change(request.name(), request.description(), formulas);
            eviction.changed();
        });
    }

    public TransformationTypeResponse update(long id, TransformationTypeRequest request) {
        return rows.update(id, request.version(), type -> {
            Map<String, String> formulas = validate(request);
            types.requireFree(kind(), request.name(), type.getId());
            type.change(request.name(), request.description(), formulas);
            eviction.changed();
        });
    }

    public void delete(long id) {
        rows.delete(rows.find(id));
        eviction.changed();
    }

    private Map<String, String> validate(TransformationTypeRequest request) {
        Violations violations = new Violations();
        Identifiers.check(violations, "name", request.name());
        violations.throwIfAny();
        return textCheck.check(request.name(), "formulas", request.formulas());
    }

    private static TransformationTypeResponse toResponse(TransformationType t) {
        return new TransformationTypeResponse(t.getId(), t.getVersion(), t.getName(), t.getDescription(),
                new TreeMap<>(t.getFormulas()));
    }
}
