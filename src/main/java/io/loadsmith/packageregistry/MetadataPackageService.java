package io.loadsmith.packageregistry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.NamedRowService;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.names.Names;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.Violations;

@Service
@Transactional
public class MetadataPackageService extends NamedRowService<MetadataPackage, PackageResponse> {

    private final MetadataPackageRepository packages;

    public MetadataPackageService(MetadataPackageRepository packages, AuditTrail audit) {
        super(ObjectKind.PACKAGE, packages, MetadataPackageService::toResponse, audit);
        this.packages = packages;
    }

    /** Every package with its entity and load counts, then what belongs to no package (name null). */
    @Transactional(readOnly = true)
    public List<PackageCount> counts() {
        Map<String, String> descriptions = new HashMap<>();
        packages.findAll().forEach(p -> descriptions.put(p.getName(), p.getDescription()));
        List<PackageCount> result = new ArrayList<>(packages.counts().stream()
                .map(row -> new PackageCount((String) row[0], ((Number) row[1]).longValue(), ((Number) row[2]).longValue(),
                        pageRef((String) row[0], ((Number) row[3]).longValue()), ((Number) row[4]).longValue(),
                        ((Number) row[5]).longValue(), ((Number) row[6]).longValue(), descriptions.get((String) row[0])))
                .toList());
        long entities = packages.entitiesWithoutPackage();
        long loads = packages.loadsWithoutPackage();
        if (entities > 0 || loads > 0) {
            result.add(new PackageCount(null, entities, loads, null));
        }
        return result;
    }

    /**
     * A package (or, with a null name, no package), how many entities and loads it holds, its {@link #pageRef},
     * and how many entity types, templates and load presets it owns: a package imported from a
     * configuration package holds those and no entity, and must not read as empty.
     */
    public record PackageCount(String name, long entities, long loads, String page, long entityTypes, long templates,
                               long presets, String description) {

        /** How the commercial tool's configuration import describes the package it makes (AdeConfigPackages). */
        static final String CONFIGURATION_IMPORT = "Imported from configuration package ";

        public PackageCount(String name, long entities, long loads, String page) {
            this(name, entities, loads, page, 0, 0, 0, null);
        }

        /**
         * A package made by importing a configuration package that brought only what every package shares
         * (transformation formulas, attribute types, default attributes): it owns nothing, and is kept
         * only so that a later import can tell the configuration package was imported (its dependencies).
         */
        public boolean sharedConfigurationOnly() {
            return name != null && entities + loads == 0 && configuration().isEmpty() && description != null
                    && description.startsWith(CONFIGURATION_IMPORT);
        }

        /** "12 entity types, 1 load preset"; empty when it owns none. */
        public String configuration() {
            List<String> parts = new ArrayList<>();
            count(parts, entityTypes, "entity type");
            count(parts, templates, "template");
            count(parts, presets, "load preset");
            return String.join(", ", parts);
        }

        private static void count(List<String> parts, long n, String what) {
            if (n > 0) {
                parts.add(n + " " + what + (n == 1 ? "" : "s"));
            }
        }
    }

    /**
     * How the package pages address a package: {@code /packages/NAME}. A name that is not a valid package
     * name (an older store may hold {@code ../x}, CR/LF or quotes) cannot travel in a path, so such a
     * package is addressed by its id, which {@link #byPageRef} also accepts.
     */
    public static String pageRef(String name, long id) {
        return Names.isPackageName(name) ? name : String.valueOf(id);
    }

    /** The package that a page address names: its name, or for a package whose name cannot be an address its id. */
    @Transactional(readOnly = true)
    public PackageResponse byPageRef(String ref) {
        return packages.findByName(ref)
                .or(() -> ref.matches("\\d{1,18}") ? packages.findById(Long.parseLong(ref))
                        .filter(p -> !Names.isPackageName(p.getName())) : Optional.empty())
                .map(MetadataPackageService::toResponse)
                .orElseThrow(() -> new NotFoundException("Package '" + ref + "' does not exist."));
    }

    public PackageResponse create(PackageRequest request) {
        validate(request, null);
        return rows.create(new MetadataPackage(request.name(), request.description()));
    }

    public PackageResponse update(long id, PackageRequest request) {
        return rows.update(id, request.version(), existing -> {
            validate(request, existing.getId());
            existing.change(request.name(), request.description());
        });
    }

    /** Refused, saying what, while objects still belong to the package (their rows refer to it). */
    public void delete(long id) {
        MetadataPackage pkg = rows.find(id);
        List<String> held = new ArrayList<>();
        count(held, packages.entitiesIn(id), "entity", "entities");
        count(held, packages.deletedEntitiesIn(id), "deleted entity that can still be restored",
                "deleted entities that can still be restored");
        count(held, packages.entityTypesIn(id), "entity type", "entity types");
        count(held, packages.templatesIn(id), "template", "templates");
        count(held, packages.presetsIn(id), "load preset", "load presets");
        if (!held.isEmpty()) {
            String listed = held.size() == 1 ? held.get(0)
                    : String.join(", ", held.subList(0, held.size() - 1)) + " and " + held.get(held.size() - 1);
            throw new ConflictException(kind() + " '" + pkg.getName() + "' still holds " + listed
                    + "; delete them or move them to another package first.");
        }
        rows.delete(pkg);
    }

    private static void count(List<String> held, long count, String one, String many) {
        if (count > 0) {
            held.add(count + " " + (count == 1 ? one : many));
        }
    }

    /** Other features refer to packages by name; an unknown name is a mistake in their request. */
    @Transactional(readOnly = true)
    public MetadataPackage byName(String field, String name) {
        return packages.findByName(name).orElseThrow(() -> InvalidRequestException.of(field, name,
                "names no package"));
    }

    /** A package name becomes a file name and an address: the package-name rule, unique ignoring case. */
    private void validate(PackageRequest request, Long self) {
        Violations violations = new Violations();
        Names.checkPackageName(violations, "name", request.name());
        violations.throwIfAny();
        packages.requireFree(kind(), request.name(), self);
    }

    public static PackageResponse toResponse(MetadataPackage p) {
        return new PackageResponse(p.getId(), p.getVersion(), p.getName(), p.getDescription(),
                p.getCreatedAt(), p.getUpdatedAt());
    }
}
