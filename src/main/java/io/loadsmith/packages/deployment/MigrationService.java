package io.loadsmith.packages.deployment;

import org.springframework.stereotype.Service;

import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.export.SqlPackage;
import io.loadsmith.export.migration.Migration;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.load.Generation;
import io.loadsmith.load.GenerationRequest;
import io.loadsmith.packages.PackageVersionService;
import io.loadsmith.packages.SnapshotRead;
import io.loadsmith.packages.deployment.DeploymentResponse;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;

/**
 * Migrations of a stored package: from a committed version, the working state, or what an
 * environment runs ({@code deployed}), to a committed version or the working state. Both sides
 * of a migration and the loads generated with it are read from one snapshot of the store
 * ({@link SnapshotRead}); the migration itself comes from the front door to generation ({@link Generation}).
 */
@Service
@SnapshotRead
public class MigrationService {

    /** The label that means "what the environment runs". */
    public static final String DEPLOYED = "deployed";

    private final PackageVersionService versions;
    private final DeploymentService deployments;
    private final Generation generation;

    public MigrationService(PackageVersionService versions, DeploymentService deployments, Generation generation) {
        this.versions = versions;
        this.deployments = deployments;
        this.generation = generation;
    }

    /**
     * @param dialect     may be left out with {@code from=deployed}: the deployment's dialect
     * @param environment required with {@code from=deployed}
     */
    public Migration migration(long packageId, String from, String to, String dialect, String environment,
                               boolean allowDestructive) {
        Source source = source(packageId, from, dialect, environment);
        PackageDocument target = versions.document(packageId, to);
        return generation.generate(new GenerationRequest.PackageMigration(versions.document(packageId, source.version()),
                source.version(), target, to, source.dialect(), allowDestructive)).orThrow();
    }

    /** The version's SQL package for upgrading from {@code from}: the migration, then the loads. */
    public SqlPackage upgradePackage(long packageId, String from, String to, String dialect, String environment,
                                     boolean allowDestructive, GenerationOptions options) {
        Migration migration = migration(packageId, from, to, dialect, environment, allowDestructive);
        return UpgradePackages.withMigration(versions.sqlPackage(packageId, to, migration.dialect(),
                DEPLOYED.equals(from) ? environment : null, options, load -> true), migration);
    }

    /** What the designer shows: the plan whatever it contains. */
    public Migration preview(long packageId, String from, String to, String dialect) {
        return generation.generate(new GenerationRequest.PackageMigration(versions.document(packageId, from), from,
                versions.document(packageId, to), to, dialect, true)).orThrow();
    }

    private record Source(String version, String dialect) {
    }

    private Source source(long packageId, String from, String dialect, String environment) {
        if (from == null || from.isBlank()) {
            throw InvalidRequestException.of("from", from, "give a version number, 'working' or '" + DEPLOYED + "'");
        }
        if (!DEPLOYED.equals(from)) {
            if (dialect == null || dialect.isBlank()) {
                throw InvalidRequestException.of("dialect", dialect, "is required");
            }
            return new Source(from, dialect);
        }
        if (environment == null || environment.isBlank()) {
            throw InvalidRequestException.of("environment", environment, "is required with from=" + DEPLOYED);
        }
        DeploymentResponse deployed = deployments.current(environment, packageId).orElseThrow(() ->
                new NotFoundException("Package '" + versions.document(packageId, PackageVersionService.WORKING).name()
                        + "' has no recorded deployment in environment '" + environment + "'; report one with POST"
                        + " /api/v1/environments/" + environment + "/deployments."));
        return new Source(String.valueOf(deployed.version()),
                dialect == null || dialect.isBlank() ? deployed.dialect() : dialect);
    }
}
