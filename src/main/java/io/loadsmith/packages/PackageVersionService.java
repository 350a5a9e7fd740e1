package io.loadsmith.packages;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditAction;
import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.export.DeflatedPackage;
import io.loadsmith.export.SqlPackage;
import io.loadsmith.export.SqlPackageExporter;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.load.Generation;
import io.loadsmith.load.GenerationRequest;
import io.loadsmith.load.GenerationResult;
import io.loadsmith.packageregistry.MetadataPackage;
import io.loadsmith.packageregistry.MetadataPackageRepository;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;

/**
 * Committed versions of a package: commit the working state as the next number, read any version
 * (or "working") as a document, compare two, export one, restore one as the working state.
 */
@Service
@Transactional
public class PackageVersionService {

    /** The label that means "the package as it is now, uncommitted". */
    public static final String WORKING = "working";

    private final MetadataPackageRepository packages;
    private final PackageVersionRepository versions;
    private final PackageSnapshots snapshots;
    private final PackageImporter importer;
    private final Generation generation;
    private final Clock clock;
    private final AuditTrail audit;

    public PackageVersionService(MetadataPackageRepository packages, PackageVersionRepository versions,
                                 PackageSnapshots snapshots, PackageImporter importer, Generation generation,
                                 Clock clock, AuditTrail audit) {
        this.packages = packages;
        this.versions = versions;
        this.snapshots = snapshots;
        this.importer = importer;
        this.generation = generation;
        this.clock = clock;
        this.audit = audit;
    }

    /** A version as lists and responses show it. */
    public record VersionInfo(String packageName, int number, String message, String author, Instant createdAt,
                              String sha256) {
    }

    /** Commits the working state; the author is the signed-in user (or the token's owner), never a value of the request. */
    @Transactional(isolation = Isolation.REPEATABLE_READ)
    public VersionInfo commit(long packageId, String message) {
        String author = AuditTrail.actor();
        MetadataPackage pkg = find(packageId);
        byte[] json = PackageJson.write(snapshots.read(packageId));
        String document = new String(json, StandardCharsets.UTF_8);
        String sha = SqlPackageExporter.sha256(document);
        versions.findFirstByPkgOrderByNumberDesc(pkg).filter(last -> last.getSha256().equals(sha)).ifPresent(last -> {
            throw new ConflictException("Nothing to commit: package '" + pkg.getName() + "' is unchanged since version "
                    + last.getNumber() + ".");
        });
        VersionInfo committed;
        try {
            PackageVersion version = new PackageVersion(pkg, versions.lastNumber(pkg) + 1, message,
                    author, Instant.now(clock), document, sha);
            committed = info(versions.saveAndFlush(version));
        } catch (IllegalArgumentException e) {
            throw InvalidRequestException.of("message", message, e.getMessage());
        } catch (DataIntegrityViolationException e) {
            throw new ConflictException("Another commit of package '" + pkg.getName() + "' came first; commit again.");
        }
        audit.record(AuditAction.COMMIT, ObjectKind.PACKAGE, MetadataPackageService.toResponse(pkg),
                "Version " + committed.number() + ": " + message, committed);
        return committed;
    }

    @Transactional(readOnly = true)
    public Page<VersionInfo> list(long packageId, Pageable page) {
        return versions.findByPkgOrderByNumberDesc(find(packageId), page).map(PackageVersionService::info);
    }

    @Transactional(readOnly = true)
    public VersionInfo info(long packageId, String version) {
        return info(stored(packageId, version));
    }

    /** The document of a version: a number, or "working". */
    @SnapshotRead
    public PackageDocument document(long packageId, String version) {
        if (WORKING.equals(version)) {
            return snapshots.read(packageId);
        }
        return PackageJson.read(stored(packageId, version).getDocument().getBytes(StandardCharsets.UTF_8));
    }

    @SnapshotRead
    public SqlPackage sqlPackage(long packageId, String version, String dialect, String environment) {
        return sqlPackage(packageId, version, dialect, environment, GenerationOptions.NONE, load -> true);
    }

    /** {@code loads} selects the loads generated (the DDL is always there); see SqlPackageExporter. */
    @SnapshotRead
    public SqlPackage sqlPackage(long packageId, String version, String dialect, String environment,
                                 GenerationOptions options, Predicate<String> loads) {
        return generation.generate(new GenerationRequest.PackageSql(document(packageId, version), version, dialect,
                environment, options, loads)).orThrow();
    }

    /**
     * The SQL package of a version with every load, deflated as it is generated: what the zip
     * download writes, without holding the package's SQL (see SqlPackageExporter#deflated).
     */
    @SnapshotRead
    public DeflatedPackage deflatedPackage(long packageId, String version, String dialect, String environment,
                                           GenerationOptions options) {
        return generation.generate(new GenerationRequest.PackageZip(document(packageId, version), version, dialect,
                environment, options)).orThrow();
    }

    @SnapshotRead
    public PackageDiff diff(long packageId, String from, String to, String dialect) {
        PackageDocument a = document(packageId, from);
        PackageDocument b = document(packageId, to);
        return new PackageDiff(from, to, dialect, PackageDiff.objects(a, b),
                dialect == null ? List.of() : PackageDiff.sql(sqlOrNull(a, from, dialect), sqlOrNull(b, to, dialect)));
    }

    public PackageImporter.Result restore(long packageId, String version) {
        if (WORKING.equals(version)) {
            throw InvalidRequestException.of("version", version, "give a committed version number to restore");
        }
        // One event that says which version came back, rather than the import's own.
        PackageImporter.Result result = audit.quietly(() -> importer.apply(document(packageId, version)));
        audit.record(AuditAction.RESTORE_VERSION, ObjectKind.PACKAGE, result,
                "Restored version " + version + ": " + result.counts(), result);
        return result;
    }

    /**
     * A version that cannot generate (a template that was broken then) diffs as if it had no SQL; a
     * refused request (a bad dialect, file names that clash) is still refused.
     */
    private SqlPackage sqlOrNull(PackageDocument document, String version, String dialect) {
        GenerationResult<SqlPackage> result;
        try {
            result = generation.generate(new GenerationRequest.PackageSql(document, version, dialect, null, null, null));
        } catch (IllegalArgumentException e) {
            return null;
        }
        return result.failed() && result.problem().cause() instanceof GenerationException ? null : result.orThrow();
    }

    private PackageVersion stored(long packageId, String version) {
        MetadataPackage pkg = find(packageId);
        int number;
        try {
            number = Integer.parseInt(version);
        } catch (NumberFormatException e) {
            throw InvalidRequestException.of("version", version, "is a version number or '" + WORKING + "'");
        }
        return versions.findByPkgAndNumber(pkg, number).orElseThrow(() -> new NotFoundException(
                "Package '" + pkg.getName() + "' has no version " + number + "."));
    }

    private MetadataPackage find(long packageId) {
        return packages.findById(packageId).orElseThrow(() -> NotFoundException.id("Package", packageId));
    }

    private static VersionInfo info(PackageVersion v) {
        // The package is the one the caller looked up: no further query.
        return new VersionInfo(v.getPkg().getName(), v.getNumber(), v.getMessage(), v.getAuthor(), v.getCreatedAt(),
                v.getSha256());
    }
}
