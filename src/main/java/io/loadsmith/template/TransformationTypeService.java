package io.loadsmith.template;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.store.TemplateCacheEviction;
import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.StaleVersionException;
import io.loadsmith.problem.Violations;
import io.loadsmith.template.TransformationTypeRequest;
import io.loadsmith.template.TransformationTypeResponse;
import io.loadsmith.names.Names;

/** Stored transformation types and their formulas; formulas pass the same checks as templates. */
@Service
@Transactional
public class TransformationTypeService {

    private static final String KIND = "Transformation type";

    private final TransformationTypeRepository types;
    private final TemplateTextCheck textCheck;
    private final TemplateCacheEviction eviction;
    private final AuditTrail audit;

    public TransformationTypeService(TransformationTypeRepository types, TemplateTextCheck textCheck,
                                     TemplateCacheEviction eviction, AuditTrail audit) {
        this.types = types;
        this.textCheck = textCheck;
        this.eviction = eviction;
        this.audit = audit;
    }

    @Transactional(readOnly = true)
    public List<TransformationTypeResponse> list(String name) {
        List<TransformationType> found = name == null ? types.findAll(Sort.by("name"))
                : types.findByName(name).map(List::of).orElse(List.of());
        return found.stream().map(TransformationTypeService::toResponse).toList();
    }

    @Transactional(readOnly = true)
    public TransformationTypeResponse get(long id) {
        return toResponse(find(id));
    }

    public TransformationTypeResponse create(TransformationTypeRequest request) {
        Map<String, String> formulas = validate(request);
        Names.requireFree(KIND, request.name(), null, types.findByNameIgnoreCase(request.name()), TransformationType::getId, TransformationType::getName);
        TransformationType type = new TransformationType(request.name());
        type.change(request.name(), request.description(), formulas);
        TransformationType saved = types.saveAndFlush(type);
        eviction.changed();
        return audit.created(ObjectKind.TRANSFORMATION_TYPE, toResponse(saved));
    }

    public TransformationTypeResponse update(long id, TransformationTypeRequest request) {
        TransformationType type = find(id);
        StaleVersionException.check(KIND + " '" + type.getName() + "'", request.version(), type.getVersion());
        TransformationTypeResponse before = audit.before(() -> toResponse(type));
        Map<String, String> formulas = validate(request);
        Names.requireFree(KIND, request.name(), type.getId(), types.findByNameIgnoreCase(request.name()), TransformationType::getId, TransformationType::getName);
        type.change(request.name(), request.description(), formulas);
        TransformationType saved = types.saveAndFlush(type);
        eviction.changed();
        return audit.updated(ObjectKind.TRANSFORMATION_TYPE, before, toResponse(saved));
    }

    public void delete(long id) {
        TransformationType type = find(id);
        audit.deleted(ObjectKind.TRANSFORMATION_TYPE, () -> toResponse(type));
        types.delete(type);
        types.flush();
        eviction.changed();
    }

    private Map<String, String> validate(TransformationTypeRequest request) {
        Violations violations = new Violations();
        Identifiers.check(violations, "name", request.name());
        violations.throwIfAny();
        return textCheck.check(request.name(), "formulas", request.formulas());
    }

    private TransformationType find(long id) {
        return types.findById(id).orElseThrow(() -> NotFoundException.id(KIND, id));
    }

    private static TransformationTypeResponse toResponse(TransformationType t) {
        return new TransformationTypeResponse(t.getId(), t.getVersion(), t.getName(), t.getDescription(),
                new TreeMap<>(t.getFormulas()));
    }
}
