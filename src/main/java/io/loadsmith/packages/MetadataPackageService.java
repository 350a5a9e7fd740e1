package io.loadsmith.packages;

import java.util.List;

import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.packages.api.PackageRequest;
import io.loadsmith.packages.api.PackageResponse;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.StaleVersionException;

@Service
@Transactional
public class MetadataPackageService {

    private static final String KIND = "Package";

    private final MetadataPackageRepository packages;
    private final AuditTrail audit;

    public MetadataPackageService(MetadataPackageRepository packages, AuditTrail audit) {
        this.packages = packages;
        this.audit = audit;
    }

    @Transactional(readOnly = true)
    public List<PackageResponse> list(String name) {
        List<MetadataPackage> found = name == null
                ? packages.findAll(Sort.by("name"))
                : packages.findByName(name).map(List::of).orElse(List.of());
        return found.stream().map(MetadataPackageService::toResponse).toList();
    }

    /** Every package with its entity and load counts, then what belongs to no package (name null). */
    @Transactional(readOnly = true)
    public List<PackageCount> counts() {
        List<PackageCount> result = new java.util.ArrayList<>(packages.counts().stream()
                .map(row -> new PackageCount((String) row[0], ((Number) row[1]).longValue(), ((Number) row[2]).longValue()))
                .toList());
        long entities = packages.entitiesWithoutPackage();
        long loads = packages.loadsWithoutPackage();
        if (entities > 0 || loads > 0) {
            result.add(new PackageCount(null, entities, loads));
        }
        return result;
    }

    /** A package (or, with a null name, no package) and how many entities and loads it holds. */
    public record PackageCount(String name, long entities, long loads) {
    }

    @Transactional(readOnly = true)
    public PackageResponse get(long id) {
        return toResponse(find(id));
    }

    public PackageResponse create(PackageRequest request) {
        requireFreeName(request.name());
        return audit.created(ObjectKind.PACKAGE,
                toResponse(packages.saveAndFlush(new MetadataPackage(request.name(), request.description()))));
    }

    public PackageResponse update(long id, PackageRequest request) {
        MetadataPackage existing = find(id);
        StaleVersionException.check(KIND + " '" + existing.getName() + "'", request.version(), existing.getVersion());
        PackageResponse before = audit.before(() -> toResponse(existing));
        if (!existing.getName().equals(request.name())) {
            requireFreeName(request.name());
        }
        existing.change(request.name(), request.description());
        return audit.updated(ObjectKind.PACKAGE, before, toResponse(packages.saveAndFlush(existing)));
    }

    public void delete(long id) {
        MetadataPackage pkg = find(id);
        audit.deleted(ObjectKind.PACKAGE, () -> toResponse(pkg));
        packages.delete(pkg);
        packages.flush();
    }

    /** Other features refer to packages by name; an unknown name is a mistake in their request. */
    @Transactional(readOnly = true)
    public MetadataPackage byName(String field, String name) {
        return packages.findByName(name).orElseThrow(() -> InvalidRequestException.of(field, name,
                "names no package"));
    }

    private MetadataPackage find(long id) {
        return packages.findById(id).orElseThrow(() -> NotFoundException.id(KIND, id));
    }

    private void requireFreeName(String name) {
        if (packages.existsByName(name)) {
            throw new ConflictException(KIND + " '" + name + "' already exists.");
        }
    }

    static PackageResponse toResponse(MetadataPackage p) {
        return new PackageResponse(p.getId(), p.getVersion(), p.getName(), p.getDescription(),
                p.getCreatedAt(), p.getUpdatedAt());
    }
}
