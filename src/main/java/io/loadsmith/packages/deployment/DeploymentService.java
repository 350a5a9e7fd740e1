package io.loadsmith.packages.deployment;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.packages.deployment.DeploymentRequest;
import io.loadsmith.packages.deployment.DeploymentResponse;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.environment.DeploymentEnvironment;
import io.loadsmith.environment.DeploymentEnvironmentRepository;
import io.loadsmith.packageregistry.MetadataPackage;
import io.loadsmith.packageregistry.MetadataPackageRepository;
import io.loadsmith.packages.PackageVersion;
import io.loadsmith.packages.PackageVersionRepository;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.UnprocessableRequestException;

/** Deployments as tooling reports them, and what runs where (the newest deployment of a package in an environment). */
@Service
@Transactional
public class DeploymentService {

    private final DeploymentRepository deployments;
    private final DeploymentEnvironmentRepository environments;
    private final MetadataPackageRepository packages;
    private final PackageVersionRepository versions;
    private final DialectRegistry dialects;
    private final Clock clock;
    private final AuditTrail audit;

    public DeploymentService(DeploymentRepository deployments, DeploymentEnvironmentRepository environments,
                             MetadataPackageRepository packages, PackageVersionRepository versions,
                             DialectRegistry dialects, Clock clock, AuditTrail audit) {
        this.audit = audit;
        this.deployments = deployments;
        this.environments = environments;
        this.packages = packages;
        this.versions = versions;
        this.dialects = dialects;
        this.clock = clock;
    }

    public DeploymentResponse record(String environmentName, DeploymentRequest request) {
        DeploymentEnvironment environment = environment(environmentName);
        MetadataPackage pkg = packages.findByName(request.packageName())
                .orElseThrow(() -> NotFoundException.name("Package", request.packageName()));
        PackageVersion version = versions.findByPkgAndNumber(pkg, request.version()).orElseThrow(() ->
                new NotFoundException("Package '" + pkg.getName() + "' has no version " + request.version()
                        + "; report the deployment of a committed version."));
        String dialect = dialects.get(request.dialect()).name();
        String actor = AuditTrail.actor();
        Instant now = clock.instant();
        Instant deployedAt = request.deployedAt() == null ? now : request.deployedAt();
        checkWhoAndWhen(request.deployedBy(), actor, deployedAt, version, now);
        return audit.created(ObjectKind.DEPLOYMENT, response(deployments.saveAndFlush(new Deployment(environment,
                version, dialect, actor, deployedAt, actor, now, request.note()))));
    }

    /**
     * Who deployed is the caller (the signed-in person or the token's owner), never a field of the
     * request: a stated deployedBy other than the caller is refused, not silently replaced, so tooling
     * that sent a bot's or a colleague's name learns that it is not recorded (a tool's name belongs in
     * the note). A stated time lies between the version's commit and now, each give or take
     * {@link Deployment#CLOCK_SKEW}: a version is not deployed before it existed.
     */
    private static void checkWhoAndWhen(String deployedBy, String actor, Instant deployedAt, PackageVersion version,
                                        Instant now) {
        List<FieldProblem> problems = new ArrayList<>();
        if (deployedBy != null && !deployedBy.isBlank() && !deployedBy.equals(actor)) {
            problems.add(new FieldProblem("deployedBy", deployedBy, "is not the caller: a deployment is recorded as"
                    + " deployed by whoever reports it ('" + actor + "'); leave deployedBy out, and put a tool's or"
                    + " colleague's name in the note"));
        }
        Instant committed = version.getCreatedAt();
        if (deployedAt.isBefore(committed.minus(Deployment.CLOCK_SKEW))) {
            problems.add(new FieldProblem("deployedAt", deployedAt.toString(), "is before version " + version.getNumber()
                    + " was committed (" + committed + "): a version cannot be deployed before it exists"));
        }
        if (deployedAt.isAfter(now.plus(Deployment.CLOCK_SKEW))) {
            problems.add(new FieldProblem("deployedAt", deployedAt.toString(), "is more than "
                    + Deployment.CLOCK_SKEW.toMinutes() + " minutes after the server's time (" + now + "): report a"
                    + " deployment once it is done, and check the clock that gave the time"));
        }
        if (!problems.isEmpty()) {
            throw new UnprocessableRequestException(problems);
        }
    }

    @Transactional(readOnly = true)
    public Page<DeploymentResponse> list(String environmentName, Pageable page) {
        return deployments.findByEnvironmentOrderByDeployedAtDescIdDesc(environment(environmentName), page)
                .map(DeploymentService::response);
    }

    /** The newest deployment of the package in the environment, if any. */
    @Transactional(readOnly = true)
    public Optional<DeploymentResponse> current(String environmentName, long packageId) {
        MetadataPackage pkg = packages.findById(packageId).orElseThrow(() -> NotFoundException.id("Package", packageId));
        return deployments.findByEnvironmentAndVersionPkgOrderByDeployedAtDescIdDesc(environment(environmentName), pkg,
                PageRequest.of(0, 1)).stream().findFirst().map(DeploymentService::response);
    }

    /** Every environment's name, for the designer. */
    @Transactional(readOnly = true)
    public List<String> environmentNames() {
        return environments.findAll(Sort.by("name")).stream()
                .map(DeploymentEnvironment::getName).toList();
    }

    private DeploymentEnvironment environment(String name) {
        return environments.findByName(name).orElseThrow(() -> NotFoundException.name("Environment", name));
    }

    private static DeploymentResponse response(Deployment d) {
        PackageVersion v = d.getVersion();
        return new DeploymentResponse(d.getId(), d.getEnvironment().getName(), v.getPkg().getName(), v.getPkg().getId(),
                v.getNumber(), d.getDialect(), d.getDeployedBy(), d.getDeployedAt(), d.getRecordedBy(),
                d.getRecordedAt(), d.getNote());
    }
}
