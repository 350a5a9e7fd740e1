package io.loadsmith.packages;

import static io.loadsmith.packages.PackageMapping.request;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditAction;
import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.Audited;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.exchange.AdeConfigPackages;
import io.loadsmith.exchange.InvalidPackageException;
import io.loadsmith.exchange.InvalidPackageException.Problem;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.packageregistry.MetadataPackageRepository;
import io.loadsmith.preset.PresetResponse;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import jakarta.persistence.EntityManager;

/**
 * Makes the working state of a package equal to a {@link PackageDocument}, all or nothing: every
 * object goes through its feature's service (so the same rules hold as for the API), every
 * problem is collected with its JSON path, and if there is any the transaction rolls back and
 * they are reported together. Objects of the package that the document no longer has are
 * deleted; shared configuration (attribute types, default attributes, transformation types,
 * templates of no package, environments, datatype mappings) is created or updated, never deleted.
 *
 * <p>An import is one audit event with its counts, not one per object: a package of thousands of
 * objects would bury every other change, and the objects' before and after are in the package
 * versions already. The services' own events are switched off for it, which also keeps the import
 * from building a snapshot of each object it updates.
 */
@Service
public class PackageImporter {

    private final EntityManager entityManager;
    private final AuditTrail audit;
    private final MetadataPackageRepository packageRows;
    private final PackageServices services;

    public PackageImporter(PackageServices services, EntityManager entityManager, AuditTrail audit,
                           MetadataPackageRepository packageRows) {
        this.services = services;
        this.entityManager = entityManager;
        this.audit = audit;
        this.packageRows = packageRows;
    }

    /** An object the import created, updated or removed: {@code ("created", "entity type", "DIM_SCD2")}. */
    public record Written(String change, String kind, String name) {
    }

    /**
     * What an import did, for the caller to show; also what its audit event says; {@code written}
     * names each object created, updated or removed, in the order written (the unchanged are only counted). {@code updated}
     * counts the objects that were there already and differed from the document, {@code unchanged}
     * those that were equal to it (not written, their row versions kept).
     */
    public record Result(long packageId, String packageName, int created, int updated, int unchanged, int deleted,
                         List<Written> written) implements Audited {

        @Override
        public long id() {
            return packageId;
        }

        @Override
        public String auditName() {
            return packageName;
        }

        /** "2 created, 5 updated, 593 unchanged, 0 deleted". */
        public String counts() {
            return created + " created, " + updated + " updated, " + unchanged + " unchanged, " + deleted + " deleted";
        }
    }

    @Transactional(rollbackFor = Exception.class)
    public Result apply(PackageDocument doc) {
        Result result = audit.quietly(() -> write(doc));
        audit.record(AuditAction.IMPORT, ObjectKind.PACKAGE, result, "Imported: " + result.counts(), result);
        return result;
    }

    /** A document of a batch, and where it came from ("$[1]", a file name), to lead its problems' paths. */
    public record Labelled(String where, PackageDocument document) {
    }

    /**
     * Several documents in the order given, in one transaction: the first with a problem ends the
     * import, its problems reported under its place in the batch, and nothing of any is kept.
     */
    @Transactional(rollbackFor = Exception.class)
    public List<Result> applyAll(List<Labelled> documents) {
        List<Result> results = new ArrayList<>();
        for (Labelled labelled : documents) {
            try {
                results.add(audit.quietly(() -> write(labelled.document())));
            } catch (InvalidPackageException e) {
                throw new InvalidPackageException(e.problems().stream().map(p -> new Problem(
                        AdeConfigPackages.under(labelled.where(), p.path()), p.message())).toList());
            }
        }
        results.forEach(result -> audit.record(AuditAction.IMPORT, ObjectKind.PACKAGE, result,
                "Imported: " + result.counts(), result));
        return results;
    }

    private Result write(PackageDocument doc) {
        Run run = new Run(entityManager);
        if (doc.name() == null || doc.name().isBlank()) {
            throw new InvalidPackageException(List.of(new Problem("$.name", "is required")));
        }
        run.duplicates(doc);
        if (!run.problems.isEmpty()) {
            throw new InvalidPackageException(run.problems);
        }
        ImportOwnership.Store store = store();
        List<Problem> foreign = ImportOwnership.check(doc, store);
        if (!foreign.isEmpty()) {
            throw new InvalidPackageException(foreign);
        }
        Set<String> unknownTypes = unknownEntityTypes(doc, store, run);
        long packageId = run.upsert("$", "package", doc.name(),
                () -> services.packages().list(doc.name()).stream().findFirst().map(p -> p.id()),
                services.packages()::get,
                p -> p.name().equals(doc.name()) && Objects.equals(p.description(), doc.description()),
                p -> services.packages().update(p.id(), request(p.version(), doc)),
                () -> services.packages().create(request(null, doc)).id()).orElse(-1L);

        // Super types first, so that a type may name one defined later in the list.
        List<PackageDocument.AttributeTypeDoc> types = new ArrayList<>(doc.attributeTypes());
        types.sort(Comparator.comparing(t -> t.superAttributeType() == null ? 0 : 1));
        for (int i = 0; i < types.size(); i++) {
            PackageDocument.AttributeTypeDoc t = types.get(i);
            run.upsert("$.attributeTypes[" + doc.attributeTypes().indexOf(t) + "]", "attribute type", t.name(),
                    () -> services.attributeTypes().list(t.name()).stream().findFirst().map(r -> r.id()),
                    services.attributeTypes()::get, r -> PackageMapping.doc(r).equals(t),
                    r -> services.attributeTypes().update(r.id(), request(r.version(), t)),
                    () -> services.attributeTypes().create(request(null, t)).id());
        }
        each(doc.defaultAttributes(), "$.defaultAttributes", (d, at) -> run.upsert(at, "default attribute", d.code(),
                () -> services.defaultAttributes().list(d.code()).stream().findFirst().map(r -> r.id()),
                services.defaultAttributes()::get, r -> PackageMapping.doc(r).equals(d),
                r -> services.defaultAttributes().update(r.id(), request(r.version(), d)),
                () -> services.defaultAttributes().create(request(null, d)).id()));
        each(doc.entityTypes(), "$.entityTypes", (t, at) -> run.upsert(at, "entity type", t.name(),
                () -> store.entityTypes().id(t.name()),
                // One of no package is adopted: a change even when its fields are the same.
                services.entityTypes()::get, r -> PackageMapping.doc(r).equals(t) && doc.name().equals(r.packageName()),
                r -> services.entityTypes().update(r.id(), request(r.version(), t, doc.name())),
                () -> services.entityTypes().create(request(null, t, doc.name())).id()));
        each(doc.transformationTypes(), "$.transformationTypes", (t, at) -> run.upsert(at, "transformation type", t.name(),
                () -> services.transformationTypes().list(t.name()).stream().findFirst().map(r -> r.id()),
                services.transformationTypes()::get, r -> PackageMapping.doc(r).equals(t),
                r -> services.transformationTypes().update(r.id(), request(r.version(), t)),
                () -> services.transformationTypes().create(request(null, t)).id()));
        each(doc.templates(), "$.templates", (t, at) -> run.upsert(at, "template", t.name(),
                () -> store.templates().id(t.name()),
                services.templates()::get, r -> {
                    String owner = templateOwner(t, r.packageName());
                    // The same owner and content; the mark compared as that owner exports it, since a file
                    // without marks leaves a shared template shared.
                    return Objects.equals(r.packageName(), owner) && PackageMapping.doc(r).equals(t.sharing(owner == null));
                },
                r -> services.templates().update(r.id(), request(r.version(), t, templateOwner(t, r.packageName()))),
                () -> services.templates().create(request(null, t, templateOwner(t, doc.name()))).id()));
        // Presets after templates and entity types: their uses name entity types, their steps services.templates().
        each(doc.presets(), "$.presets", (p, at) -> {
            Optional<PresetResponse> stored = services.presets().list(p.name()).stream().findFirst();
            if (stored.isPresent() && stored.get().packageName() != null && !stored.get().packageName().equals(doc.name())) {
                run.problems.add(new Problem(at + ".name", "load preset '" + p.name() + "' belongs to package '"
                        + stored.get().packageName() + "'; import that package to change it"));
                return;
            }
            run.upsert(at, "load preset", p.name(), () -> stored.map(PresetResponse::id),
                    services.presets()::get, r -> PackageMapping.doc(r).equals(p) && doc.name().equals(r.packageName()),
                    r -> services.presets().update(r.id(), request(r.version(), p, doc.name())),
                    () -> services.presets().create(request(null, p, doc.name())).id());
        });
        each(doc.environments(), "$.environments", (e, at) -> run.upsert(at, "environment", e.name(),
                () -> services.environments().list(e.name()).stream().findFirst().map(r -> r.id()),
                services.environments()::get, r -> PackageMapping.doc(r).equals(e),
                r -> services.environments().update(r.id(), request(r.version(), e)),
                () -> services.environments().create(request(null, e)).id()));
        each(doc.datatypeMappings(), "$.datatypeMappings", (m, at) -> run.upsert(at,
                "datatype mapping", m.dialect() + " " + m.logicalDatatype(),
                () -> services.datatypeMappings().list(m.dialect()).stream()
                        .filter(r -> r.logicalDatatype().equals(m.logicalDatatype())).findFirst().map(r -> r.id()),
                services.datatypeMappings()::get, r -> PackageMapping.doc(r).equals(m),
                r -> services.datatypeMappings().update(r.id(), request(r.version(), m)),
                () -> services.datatypeMappings().create(request(null, m)).id()));
        // Entities are stored with exactly the document's attributes: the type's defaults are in the
        // document already.
        each(doc.entities(), "$.entities", (e, at) -> run.upsert(at, "entity", e.qualifiedName(),
                () -> store.entities().id(e.qualifiedName()),
                services.entities()::get, r -> PackageMapping.doc(r).equals(e) && doc.name().equals(r.packageName()),
                // An unknown type is reported already; without it the entity's own problems are found too.
                r -> services.entities().update(r.id(), request(r.version(), e, doc.name(), known(e, unknownTypes))),
                () -> services.entities().createAsGiven(request(null, e, doc.name(), known(e, unknownTypes))).id()));
        each(doc.loads(), "$.loads", (l, at) -> run.upsert(at, "load", l.name(),
                () -> store.loads().id(l.name()),
                services.loads()::get, r -> {
                    boolean same = PackageMapping.doc(r).equals(l);
                    if (same) {
                        // Not written, but checked as a save would: a template this import changed may no
                        // longer take the load's calls.
                        services.loads().checkTemplateCalls(request(r.version(), l));
                    }
                    return same;
                },
                r -> services.loads().update(r.id(), request(r.version(), l)),
                () -> services.loads().create(request(null, l)).id()));
        if (run.problems.isEmpty()) {
            removeWhatTheDocumentDropped(doc, store, run);
        }
        if (!run.problems.isEmpty()) {
            throw new InvalidPackageException(run.problems);
        }
        return new Result(packageId, doc.name(), run.created, run.updated, run.unchanged, run.deleted, run.written);
    }

    /** What the store holds now, names and owners only, read once for the whole import. */
    private ImportOwnership.Store store() {
        return new ImportOwnership.Store(
                new ImportOwnership.Kind(ImportOwnership.Stored.of(packageRows.entityOwners())),
                new ImportOwnership.Kind(ImportOwnership.Stored.of(packageRows.entityTypeOwners())),
                new ImportOwnership.Kind(ImportOwnership.Stored.of(packageRows.templateOwners())),
                new ImportOwnership.Kind(ImportOwnership.Stored.of(packageRows.loadOwners())));
    }

    /**
     * A type that neither the document nor the store has, checked up front against names only, so that
     * one import reports every entity's with the other problems instead of stopping at the first.
     */
    private Set<String> unknownEntityTypes(PackageDocument doc, ImportOwnership.Store store, Run run) {
        Set<String> unknown = new HashSet<>();
        Set<String> inDocument = new HashSet<>();
        doc.entityTypes().forEach(t -> inDocument.add(t.name()));
        for (int i = 0; i < doc.entities().size(); i++) {
            String type = doc.entities().get(i).entityType();
            if (type != null && !inDocument.contains(type) && !store.entityTypes().exists(type)) {
                run.problems.add(new Problem("$.entities[" + i + "].entityType",
                        "names no entity type, in the package or the store (was '" + type + "')"));
                unknown.add(type);
            }
        }
        return unknown;
    }

    /**
     * A template the file marks shared is of no package, as every package's file carries it; otherwise
     * it keeps {@code owner}: the importing package for a new one, and for a stored one its package or
     * none (files written before the mark name shared templates without it, and an import must not take
     * one over). One of another package never gets here (ImportOwnership).
     */
    private static String templateOwner(PackageDocument.TemplateDoc template, String owner) {
        return Boolean.TRUE.equals(template.shared()) ? null : owner;
    }

    private static String known(PackageDocument.EntityDoc entity, Set<String> unknownTypes) {
        return unknownTypes.contains(entity.entityType()) ? null : entity.entityType();
    }

    /**
     * Deletes the package's objects that the document no longer has, as the store held them before
     * the import (an object the import just created is in the document, so it is kept).
     */
    private void removeWhatTheDocumentDropped(PackageDocument doc, ImportOwnership.Store store, Run run) {
        dropMissing(run, "load", doc.loads(), PackageDocument.LoadDoc::name,
                store.loads().ownedBy(doc.name()), services.loads()::delete);
        dropMissing(run, "entity", doc.entities(), PackageDocument.EntityDoc::qualifiedName,
                store.entities().ownedBy(doc.name()), services.entities()::delete);
        dropMissing(run, "template", doc.templates(), PackageDocument.TemplateDoc::name,
                store.templates().ownedBy(doc.name()), services.templates()::delete);
        dropMissing(run, "load preset", doc.presets(), PackageDocument.PresetDoc::name,
                services.presets().ofPackage(doc.name()).stream()
                        .map(p -> new ImportOwnership.Stored(p.name(), p.id(), doc.name())).toList(),
                services.presets()::delete);
        dropMissing(run, "entity type", doc.entityTypes(), PackageDocument.EntityTypeDoc::name,
                store.entityTypes().ownedBy(doc.name()), services.entityTypes()::delete);
    }

    /** Deletes, in order, each of the {@code owned} objects of a kind whose name none of the {@code documented} has. */
    private static <D> void dropMissing(Run run, String kind, List<D> documented, Function<D, String> name,
                                        List<ImportOwnership.Stored> owned, LongConsumer delete) {
        Set<String> keep = new HashSet<>();
        documented.forEach(d -> keep.add(name.apply(d)));
        owned.stream().filter(o -> !keep.contains(o.name()))
                .forEach(o -> run.delete(kind, o.name(), () -> delete.accept(o.id())));
    }

    /** The problems and counts of one import. */
    private static final class Run {
        final List<Problem> problems = new ArrayList<>();
        final EntityManager entityManager;
        int created;
        int updated;
        int unchanged;
        int deleted;
        final List<Written> written = new ArrayList<>();

        Run(EntityManager entityManager) {
            this.entityManager = entityManager;
        }

        /**
         * Creates the object, or updates the stored one ({@code read} by id) unless it is {@code same} as
         * the document's: a write of the same content would still bump its row version, and an editor
         * holding the object would be refused a save for an import that changed nothing.
         */
        <R> Optional<Long> upsert(String at, String kind, String name, Supplier<Optional<Long>> existing, LongFunction<R> read,
                                  Predicate<R> same, Consumer<R> update, Supplier<Long> create) {
            try {
                Optional<Long> id = existing.get();
                if (id.isPresent()) {
                    R stored = read.apply(id.get());
                    if (same.test(stored)) {
                        unchanged++;
                    } else {
                        update.accept(stored);
                        updated++;
                        written.add(new Written("updated", kind, name));
                    }
                } else {
                    created++;
                    id = Optional.of(create.get());
                    written.add(new Written("created", kind, name));
                }
                // Each object is written and forgotten: a persistence context that kept every imported
                // object would be dirty-checked whole before each query, quadratic in the package size.
                entityManager.flush();
                entityManager.clear();
                return id;
            } catch (InvalidRequestException e) {
                e.errors().forEach(f -> problems.add(new Problem(at + (f.field() == null || f.field().isBlank()
                        ? "" : "." + f.field()), f.message() + (f.value() == null ? "" : " (was '" + f.value() + "')"))));
                if (e.errors().isEmpty()) {
                    problems.add(new Problem(at, e.getMessage()));
                }
            } catch (ConflictException | NotFoundException | IllegalArgumentException e) {
                problems.add(new Problem(at, e.getMessage()));
            }
            return Optional.empty();
        }

        void delete(String kind, String name, Runnable action) {
            try {
                action.run();
                deleted++;
                written.add(new Written("removed", kind, name));
            } catch (ConflictException | InvalidRequestException e) {
                problems.add(new Problem("$", "cannot remove " + kind + " " + name + ": " + e.getMessage()));
            }
        }

        /** Names must be unique within the document; the store's own checks would only see the second copy. */
        void duplicates(PackageDocument doc) {
            unique(doc.attributeTypes(), "$.attributeTypes", PackageDocument.AttributeTypeDoc::name);
            unique(doc.defaultAttributes(), "$.defaultAttributes", PackageDocument.DefaultAttributeDoc::code);
            unique(doc.entityTypes(), "$.entityTypes", PackageDocument.EntityTypeDoc::name);
            unique(doc.transformationTypes(), "$.transformationTypes", PackageDocument.TransformationTypeDoc::name);
            unique(doc.templates(), "$.templates", PackageDocument.TemplateDoc::name);
            unique(doc.entities(), "$.entities", e -> e.qualifiedName().toLowerCase(Locale.ROOT));
            unique(doc.loads(), "$.loads", PackageDocument.LoadDoc::name);
            unique(doc.environments(), "$.environments", PackageDocument.EnvironmentDoc::name);
            unique(doc.presets(), "$.presets", PackageDocument.PresetDoc::name);
            unique(doc.datatypeMappings(), "$.datatypeMappings", m -> m.dialect() == null || m.logicalDatatype() == null
                    ? null : m.key().toLowerCase(Locale.ROOT));
            for (int i = 0; i < doc.loads().size(); i++) {
                List<PackageDocument.StepDoc> steps = doc.loads().get(i).steps();
                for (int s = 0; s < steps.size(); s++) {
                    String type = steps.get(s).type();
                    if (type == null || Arrays.stream(StepType.values()).noneMatch(v -> v.name().equals(type))) {
                        problems.add(new Problem("$.loads[" + i + "].steps[" + s + "].type",
                                "must be PRE, OVERRIDE or POST, not '" + type + "'"));
                    }
                }
            }
        }

        private <T> void unique(List<T> items, String path, Function<T, String> key) {
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < items.size(); i++) {
                String k = key.apply(items.get(i));
                if (k == null) {
                    problems.add(new Problem(path + "[" + i + "]", "has no name"));
                } else if (!seen.add(k)) {
                    problems.add(new Problem(path + "[" + i + "]", "'" + k + "' appears more than once"));
                }
            }
        }
    }

    private interface Step<T> {
        void apply(T item, String at);
    }

    private static <T> void each(List<T> items, String path, Step<T> step) {
        for (int i = 0; i < items.size(); i++) {
            step.apply(items.get(i), path + "[" + i + "]");
        }
    }
}
