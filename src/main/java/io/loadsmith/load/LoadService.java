package io.loadsmith.load;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.NamedRowService;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.WarehouseEntity;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.generation.call.TemplateCallCheck;
import io.loadsmith.generation.context.PlainValues;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.names.Names;
import io.loadsmith.packageregistry.MetadataPackage;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.Violations;

@Service
@Transactional
public class LoadService extends NamedRowService<Load, LoadResponse> {

    private final LoadRepository loads;
    private final EntityService entities;
    private final Generation generation;
    private final TemplateCallCheck callCheck;
    private final DialectRegistry dialects;
    private final AuditTrail audit;
    private final PackageLoadsReader packageReader;
    private final MappingSources mappingSources;

    public LoadService(LoadRepository loads, EntityService entities,
                       Generation generation, TemplateCallCheck callCheck,
                       DialectRegistry dialects, AuditTrail audit, PackageLoadsReader packageReader,
                       MappingSources mappingSources) {
        super(ObjectKind.LOAD, loads, LoadService::toResponse, audit);
        this.packageReader = packageReader;
        this.mappingSources = mappingSources;
        this.loads = loads;
        this.entities = entities;
        this.generation = generation;
        this.callCheck = callCheck;
        this.dialects = dialects;
        this.audit = audit;
    }

    /** The loads whose target belongs to the package, by name (read by JDBC, as a package's entities are). */
    @Transactional(readOnly = true)
    public List<LoadResponse> ofPackage(String packageName) {
        return packageReader.ofPackage(packageName);
    }

    /** Loads whose name, or a step's name or text, contains {@code text}, ignoring case. */
    @Transactional(readOnly = true)
    public List<LoadResponse> search(String text) {
        return loads.search(text).stream().map(LoadService::toResponse).toList();
    }

    /**
     * The entity mappings whose source entity, target entity or a mapped attribute (target, source or
     * transformation type) contains {@code text}, ignoring case: one match per mapping, by load name.
     */
    @Transactional(readOnly = true)
    public List<MappingMatch> searchMappings(String text) {
        Map<Long, Load> found = new TreeMap<>();
        for (List<Load> hits : List.of(loads.searchMappedEntities(text), loads.searchMappedTargets(text),
                loads.searchMappedSources(text))) {
            hits.forEach(l -> found.putIfAbsent(l.getId(), l));
        }
        return found.values().stream().map(LoadService::toResponse)
                .flatMap(l -> MappingMatch.in(l, text).stream())
                .sorted(java.util.Comparator.comparing(MappingMatch::load)).toList();
    }

    /** The ten most recently changed loads, newest first. */
    @Transactional(readOnly = true)
    public List<LoadResponse> recent() {
        return loads.findTop10ByOrderByUpdatedAtDesc().stream().map(LoadService::toResponse).toList();
    }

    public LoadResponse create(LoadRequest request) {
        // Not createNamed: a taken name is refused before the target is read, as it always was.
        loads.requireFree(kind(), request.name(), null);
        WarehouseEntity target = entities.byQualifiedName("target", request.target());
        Load load = new Load(request.name(), target);
        apply(load, target, request);
        return rows.create(load);
    }

    public LoadResponse update(long id, LoadRequest request) {
        return updateNamed(id, request.version(), request.name(),
                load -> apply(load, entities.byQualifiedName("target", request.target()), request));
    }

    /**
     * Replaces the load's entity mappings (none: removes them), if {@code version} is the load's
     * current one; the load's version moves on, as for any change of the load.
     */
    public LoadResponse replaceMappings(long id, Long version, List<EntityMapping> mappings) {
        return rows.update(id, version, load -> load.replaceMappings(mappings,
                mappingSources.resolve(load.getName(), mappings), mappingSources.transformationTypes()));
    }

    /** The transformation types a mapping may name (the library's formulas, the store's, CUSTOM) and their descriptions. */
    @Transactional(readOnly = true)
    public java.util.SortedMap<String, String> transformationTypes() {
        return mappingSources.describedTransformationTypes();
    }

    public void delete(long id) {
        rows.delete(rows.find(id));
    }

    /** The designer's delete: the load is hidden, not removed, and {@link #restore} brings it back. */
    public void softDelete(long id) {
        rows.softDelete(rows.find(id), load -> load.markDeleted(Instant.now()));
    }

    /** Brings back a soft-deleted load, unless an entity it targets or reads is deleted now. */
    public void restore(long id) {
        List<Object[]> gone = loads.deletedEntitiesOf(id);
        if (!gone.isEmpty()) {
            throw new ConflictException(kind() + " " + id + " cannot be restored: it uses deleted entity "
                    + String.join(", ", gone.stream().map(r -> r[0] + "." + r[1]).toList()) + "; restore that first.");
        }
        if (loads.restore(id) == 0) {
            throw new NotFoundException(kind() + " " + id + " is not among the deleted loads.");
        }
        audit.restored(ObjectKind.LOAD, () -> get(id));
    }

    /** Soft-deleted loads, newest first. */
    @Transactional(readOnly = true)
    public List<EntityService.Deleted> deleted() {
        return loads.deleted().stream().map(row -> new EntityService.Deleted(((Number) row[0]).longValue(),
                (String) row[1], EntityService.Deleted.instant(row[2]))).toList();
    }

    /**
     * The load's SQL for a dialect, with an environment's variables (none when not given), thrown on
     * failure: {@link Generation} with the failure thrown again, for callers that want the exception.
     */
    @Transactional(propagation = Propagation.NOT_SUPPORTED)
    public GeneratedLoad generate(long loadId, String dialect, String environmentName) {
        return generate(loadId, dialect, environmentName, GenerationOptions.NONE);
    }

    /** As above; {@code options} carries the caller's confirmation of full refreshes. */
    @Transactional(propagation = Propagation.NOT_SUPPORTED)
    public GeneratedLoad generate(long loadId, String dialect, String environmentName, GenerationOptions options) {
        return generation.generate(new GenerationRequest.StoredLoad(loadId, dialects.get(dialect).name(),
                environmentName, options)).orThrow();
    }

    /** The SQL of a load as a form has it, before it is saved, thrown on failure as {@link #generate}. */
    @Transactional(propagation = Propagation.NOT_SUPPORTED)
    public GeneratedLoad generateDraft(LoadRequest draft, String dialect, String environmentName) {
        return generation.generate(new GenerationRequest.DraftLoad(draft, dialects.get(dialect).name(),
                environmentName)).orThrow();
    }

    private void apply(Load load, WarehouseEntity target, LoadRequest r) {
        Violations violations = new Violations();
        Identifiers.check(violations, "name", r.name());
        PlainValues.check(violations, "options", r.options());
        for (int i = 0; i < r.steps().size(); i++) {
            Names.checkLabel(violations, "steps[" + i + "].name", r.steps().get(i).name());
        }
        violations.throwIfAny();
        List<WarehouseEntity> sources = new ArrayList<>();
        for (int i = 0; i < r.sources().size(); i++) {
            sources.add(entities.byQualifiedName("sources[" + i + "]", r.sources().get(i)));
        }
        checkTemplateCalls(r);
        List<EntityMapping> mappings = r.mappings() == null ? load.getMappings() : r.mappings();
        List<WarehouseEntity> mappingSourceEntities = r.mappings() == null ? load.getMappingSources()
                : mappingSources.resolve(r.name(), mappings);
        load.change(r.name(), target, r.loadType(), r.description(), sources, r.options());
        // Kept mappings are checked again too: a new target or name must still fit them.
        load.replaceMappings(mappings, mappingSourceEntities, mappingSources.transformationTypes());
        // Step names are labels: stored composed (NFC), so that one name typed two ways is one name.
        load.replaceSteps(r.steps().stream().map(LoadStep::of).toList());
    }

    /**
     * A step whose template calls can never expand is refused with the generator's own message. Also
     * for a load an import leaves as it is, against the templates the import changed.
     */
    public void checkTemplateCalls(LoadRequest r) {
        List<StepModel> steps = r.steps().stream().map(s -> new StepModel(s.name(), s.type(), s.text())).toList();
        try {
            callCheck.check(r.name(), steps);
        } catch (GenerationException e) {
            GenerationException.Location at = e.location();
            throw new InvalidRequestException(List.of(new FieldProblem("steps[" + (at.stepNumber() - 1) + "].text",
                    null, e.getMessage())), at.properties());
        }
    }

    private static LoadResponse toResponse(Load l) {
        MetadataPackage inPackage = l.getTarget().getMetadataPackage();
        return new LoadResponse(l.getId(), l.getVersion(), l.getName(), l.getTarget().qualifiedName(),
                inPackage == null ? null : inPackage.getName(), l.getLoadType(),
                l.getDescription(), l.getSources().stream().map(WarehouseEntity::qualifiedName).toList(),
                l.getSteps().stream().map(LoadStep::toJson).toList(),
                new TreeMap<>(l.getOptions()), l.getCreatedAt(), l.getUpdatedAt(), l.getMappings());
    }
}
