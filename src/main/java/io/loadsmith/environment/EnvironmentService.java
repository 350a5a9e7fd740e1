package io.loadsmith.environment;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.NamedRowService;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.generation.StoreCache;
import io.loadsmith.generation.StoreChanges;
import io.loadsmith.generation.call.Placeholders;
import io.loadsmith.generation.context.PlainValues;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.Violations;
import io.loadsmith.store.TemplateCacheEviction;

@Service
@Transactional
public class EnvironmentService extends NamedRowService<DeploymentEnvironment, EnvironmentResponse> {

    private final DeploymentEnvironmentRepository environments;
    private final TemplateCacheEviction eviction;
    private final StoreCache<Boolean, List<EnvironmentResponse>> all;
    private final TransactionTemplate reading;

    public EnvironmentService(DeploymentEnvironmentRepository environments, AuditTrail audit,
                              TemplateCacheEviction eviction, StoreChanges changes,
                              PlatformTransactionManager transactions) {
        super(ObjectKind.ENVIRONMENT, environments, EnvironmentService::toResponse, audit);
        this.environments = environments;
        this.eviction = eviction;
        this.all = new StoreCache<>(changes);
        this.reading = new TransactionTemplate(transactions);
        this.reading.setReadOnly(true);
    }

    // The readers below join a caller's transaction but start none: the preview asks on every
    // keystroke, and a cache hit needs no connection.

    @Override
    @Transactional(propagation = Propagation.SUPPORTS, readOnly = true)
    public List<EnvironmentResponse> list(String name) {
        List<EnvironmentResponse> every = all();
        return name == null ? every : every.stream().filter(e -> e.name().equals(name)).toList();
    }

    /** The placeholder values of an environment for generation; an unknown name is a 400 listing the known ones. */
    @Transactional(propagation = Propagation.SUPPORTS, readOnly = true)
    public Map<String, String> variables(String name) {
        return all().stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow(() -> unknown(name))
                .variables();
    }

    /** A page's or request's choice of environment: blank means none; an unknown name is a 400 listing the known ones. */
    @Transactional(propagation = Propagation.SUPPORTS, readOnly = true)
    public void check(String name) {
        if (name != null && !name.isBlank() && all().stream().noneMatch(e -> e.name().equals(name))) {
            throw unknown(name);
        }
    }

    private InvalidRequestException unknown(String name) {
        List<String> known = all().stream().map(EnvironmentResponse::name).toList();
        return InvalidRequestException.of("environment", name, "is not an environment; known environments: "
                + (known.isEmpty() ? "none yet" : String.join(", ", known)));
    }

    /**
     * Every environment by name, kept until the store's revision moves ({@link StoreCache}): each
     * change of an environment moves it. A transaction that writes reads the store itself, so that
     * it sees its own changes; a read starts its transaction after the cache's stamp, so one that
     * races a change is used once and not kept.
     */
    private List<EnvironmentResponse> all() {
        if (TransactionSynchronizationManager.isActualTransactionActive()
                && !TransactionSynchronizationManager.isCurrentTransactionReadOnly()) {
            return read();
        }
        return all.get(Boolean.TRUE, every -> reading.execute(status -> read()));
    }

    private List<EnvironmentResponse> read() {
        return environments.findAllByOrderByNameAsc().stream().map(EnvironmentService::toResponse).toList();
    }

    public EnvironmentResponse create(EnvironmentRequest request) {
        validate(request);
        return createNamed(request.name(), new DeploymentEnvironment(request.name()), environment -> {
            environment.change(request.name(), request.description(), request.variables());
            eviction.changed();
        });
    }

    public EnvironmentResponse update(long id, EnvironmentRequest request) {
        return rows.update(id, request.version(), environment -> {
            validate(request);
            environments.requireFree(kind(), request.name(), environment.getId());
            environment.change(request.name(), request.description(), request.variables());
            eviction.changed();
        });
    }

    public void delete(long id) {
        rows.delete(rows.find(id));
        eviction.changed();
    }

    /**
     * Variable names become {@code <name>} placeholders, so they follow the identifier rule; values
     * are written into SQL as they stand, so they follow {@link PlainValues}.
     */
    private static void validate(EnvironmentRequest request) {
        Violations violations = new Violations();
        Identifiers.check(violations, "name", request.name());
        PlainValues.check(violations, "variables", request.variables());
        // Such a variable would be saved and never used: the load's own value wins in its SQL.
        // In any case: a case variant would read as the load's own placeholder to anyone but the generator.
        request.variables().keySet().stream().filter(name -> Placeholders.ofTheLoad(name) != null).sorted()
                .forEach(name -> violations.add("variables." + name, name, "is a placeholder that each load fills in"
                        + " itself (<" + Placeholders.ofTheLoad(name) + ">, in any case); an environment cannot set it,"
                        + " choose another name"));
        violations.throwIfAny();
    }

    private static EnvironmentResponse toResponse(DeploymentEnvironment e) {
        return new EnvironmentResponse(e.getId(), e.getVersion(), e.getName(), e.getDescription(),
                java.util.Collections.unmodifiableSortedMap(new TreeMap<>(e.getVariables())));
    }
}
