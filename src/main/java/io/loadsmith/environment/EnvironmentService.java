package io.loadsmith.environment;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.environment.EnvironmentRequest;
import io.loadsmith.environment.EnvironmentResponse;
import io.loadsmith.generation.call.Placeholders;
import io.loadsmith.generation.context.PlainValues;
import io.loadsmith.names.Names;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.StaleVersionException;
import io.loadsmith.problem.Violations;

@Service
@Transactional
public class EnvironmentService {

    private static final String KIND = "Environment";

    private final DeploymentEnvironmentRepository environments;
    private final AuditTrail audit;

    public EnvironmentService(DeploymentEnvironmentRepository environments, AuditTrail audit) {
        this.environments = environments;
        this.audit = audit;
    }

    @Transactional(readOnly = true)
    public List<EnvironmentResponse> list(String name) {
        List<DeploymentEnvironment> found = name == null ? environments.findAllByOrderByNameAsc()
                : environments.findByName(name).map(List::of).orElse(List.of());
        return found.stream().map(EnvironmentService::toResponse).toList();
    }

    @Transactional(readOnly = true)
    public EnvironmentResponse get(long id) {
        return toResponse(find(id));
    }

    /** The placeholder values of an environment for generation; an unknown name is a 400 listing the known ones. */
    @Transactional(readOnly = true)
    public Map<String, String> variables(String name) {
        return environments.findByName(name).orElseThrow(() -> unknown(name)).getVariables();
    }

    /** A page's or request's choice of environment: blank means none; an unknown name is a 400 listing the known ones. */
    @Transactional(readOnly = true)
    public void check(String name) {
        if (name != null && !name.isBlank() && environments.findByName(name).isEmpty()) {
            throw unknown(name);
        }
    }

    private InvalidRequestException unknown(String name) {
        List<String> known = environments.findAll(Sort.by("name")).stream().map(DeploymentEnvironment::getName).toList();
        return InvalidRequestException.of("environment", name, "is not an environment; known environments: "
                + (known.isEmpty() ? "none yet" : String.join(", ", known)));
    }

    public EnvironmentResponse create(EnvironmentRequest request) {
        validate(request);
        Names.requireFree(KIND, request.name(), null, environments.findByNameIgnoreCase(request.name()), DeploymentEnvironment::getId, DeploymentEnvironment::getName);
        DeploymentEnvironment environment = new DeploymentEnvironment(request.name());
        environment.change(request.name(), request.description(), request.variables());
        return audit.created(ObjectKind.ENVIRONMENT, toResponse(environments.saveAndFlush(environment)));
    }

    public EnvironmentResponse update(long id, EnvironmentRequest request) {
        DeploymentEnvironment environment = find(id);
        StaleVersionException.check(KIND + " '" + environment.getName() + "'", request.version(), environment.getVersion());
        EnvironmentResponse before = audit.before(() -> toResponse(environment));
        validate(request);
        Names.requireFree(KIND, request.name(), environment.getId(), environments.findByNameIgnoreCase(request.name()), DeploymentEnvironment::getId, DeploymentEnvironment::getName);
        environment.change(request.name(), request.description(), request.variables());
        return audit.updated(ObjectKind.ENVIRONMENT, before, toResponse(environments.saveAndFlush(environment)));
    }

    public void delete(long id) {
        DeploymentEnvironment environment = find(id);
        audit.deleted(ObjectKind.ENVIRONMENT, () -> toResponse(environment));
        environments.delete(environment);
        environments.flush();
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

    private DeploymentEnvironment find(long id) {
        return environments.findById(id).orElseThrow(() -> NotFoundException.id(KIND, id));
    }

    private static EnvironmentResponse toResponse(DeploymentEnvironment e) {
        return new EnvironmentResponse(e.getId(), e.getVersion(), e.getName(), e.getDescription(),
                new TreeMap<>(e.getVariables()));
    }
}
