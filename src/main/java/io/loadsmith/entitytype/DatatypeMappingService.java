package io.loadsmith.entitytype;

import java.util.List;
import java.util.Locale;

import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.AuditedRows;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.dialect.LogicalDatatypes;
import io.loadsmith.dialect.PhysicalTypes;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.Violations;
import io.loadsmith.store.TemplateCacheEviction;

/** Stored datatype mappings (the generator reads them through {@link StoredDatatypes}). */
@Service
@Transactional
public class DatatypeMappingService {

    private static final String KIND = ObjectKind.DATATYPE_MAPPING.label();

    private final DatatypeMappingRepository mappings;
    private final DialectRegistry dialects;
    private final LogicalDatatypes datatypes;
    private final TemplateCacheEviction eviction;
    private final AuditedRows<DatatypeMapping, DatatypeMappingResponse> rows;

    public DatatypeMappingService(DatatypeMappingRepository mappings, DialectRegistry dialects,
                                  LogicalDatatypes datatypes, TemplateCacheEviction eviction,
                                  AuditTrail audit) {
        this.mappings = mappings;
        this.dialects = dialects;
        this.datatypes = datatypes;
        this.eviction = eviction;
        // A mapping has no name: a stale version names it by id.
        this.rows = new AuditedRows<>(ObjectKind.DATATYPE_MAPPING, mappings, m -> KIND + " " + m.getId(),
                DatatypeMappingService::toResponse, audit);
    }

    /** Mappings have no name; {@code dialect} filters instead. */
    @Transactional(readOnly = true)
    public List<DatatypeMappingResponse> list(String dialect) {
        List<DatatypeMapping> found = dialect == null
                ? mappings.findAll(Sort.by("dialect", "logicalDatatype"))
                : mappings.findByDialectOrderByLogicalDatatype(dialect.toLowerCase(Locale.ROOT));
        return found.stream().map(DatatypeMappingService::toResponse).toList();
    }

    @Transactional(readOnly = true)
    public DatatypeMappingResponse get(long id) {
        return rows.get(id);
    }

    public DatatypeMappingResponse create(DatatypeMappingRequest request) {
        String dialect = validate(request);
        requireFree(dialect, request.logicalDatatype(), null);
        eviction.changed();
        return rows.create(new DatatypeMapping(dialect, request.logicalDatatype(), request.physicalPattern().strip()));
    }

    public DatatypeMappingResponse update(long id, DatatypeMappingRequest request) {
        return rows.update(id, request.version(), mapping -> {
            String dialect = validate(request);
            requireFree(dialect, request.logicalDatatype(), mapping.getId());
            mapping.change(dialect, request.logicalDatatype(), request.physicalPattern().strip());
            eviction.changed();
        });
    }

    public void delete(long id) {
        rows.delete(rows.find(id));
        eviction.changed();
    }

    private String validate(DatatypeMappingRequest request) {
        Violations violations = new Violations();
        if (!dialects.exists(request.dialect())) {
            violations.add("dialect", request.dialect(), "is not a target dialect; use one of "
                    + String.join(", ", dialects.names()));
        }
        datatypes.check(violations, "logicalDatatype", request.logicalDatatype());
        String pattern = request.physicalPattern() == null ? null : request.physicalPattern().strip();
        if (pattern != null && !PhysicalTypes.isTypeExpression(pattern)) {
            violations.add("physicalPattern", request.physicalPattern(), "is not " + PhysicalTypes.TYPE_RULE);
        }
        violations.throwIfAny();
        return request.dialect().toLowerCase(Locale.ROOT);
    }

    private void requireFree(String dialect, String logicalDatatype, Long self) {
        mappings.findByDialectAndLogicalDatatype(dialect, logicalDatatype)
                .filter(existing -> !existing.getId().equals(self))
                .ifPresent(existing -> {
                    throw new ConflictException("Dialect " + dialect + " already maps " + logicalDatatype
                            + " (mapping " + existing.getId() + ").");
                });
    }

    private static DatatypeMappingResponse toResponse(DatatypeMapping m) {
        return new DatatypeMappingResponse(m.getId(), m.getVersion(), m.getDialect(), m.getLogicalDatatype(),
                m.getPhysicalPattern());
    }
}
