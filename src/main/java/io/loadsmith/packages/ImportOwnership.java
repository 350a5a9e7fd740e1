package io.loadsmith.packages;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

import io.loadsmith.exchange.InvalidPackageException.Problem;
import io.loadsmith.exchange.PackageDocument;

/**
 * What a package import may touch. It creates and changes the objects of the package being
 * imported, and adopts entities and entity types that belong to no package (they become the
 * package's; templates of no package are shared configuration that every package's file carries,
 * so they stay shared); an entity, entity type, template or load that belongs to another package is
 * refused, naming the object and its owner, before anything is written. Without this an import of package B that named an entity
 * of package A would move it into B, and B's next import without it would delete it from under A.
 * A load belongs to the package of its target entity, so a load may not target another package's
 * entity either. Shared configuration (attribute types, default attributes, transformation types,
 * environments) belongs to no package and is created or updated by any import, never deleted.
 */
final class ImportOwnership {

    private final String packageName;
    private final List<Problem> problems = new ArrayList<>();

    private ImportOwnership(String packageName) {
        this.packageName = packageName;
    }

    /** One object the store holds: its name (schema.name for entities), id and package (null: none). */
    record Stored(String name, long id, String owner) {

        static List<Stored> of(List<Object[]> rows) {
            return rows.stream().map(r -> new Stored((String) r[0], ((Number) r[1]).longValue(), (String) r[2])).toList();
        }
    }

    /** The objects of one kind in the store, found by exact name (as the services find them) or ignoring case. */
    static final class Kind {
        private final Map<String, Stored> byName = new HashMap<>();
        private final Map<String, String> ownerByKey = new HashMap<>();
        private final List<Stored> all;

        Kind(List<Stored> stored) {
            all = stored;
            for (Stored s : stored) {
                byName.put(s.name(), s);
                if (s.owner() != null) {
                    ownerByKey.put(key(s.name()), s.owner());
                }
            }
        }

        Optional<Long> id(String name) {
            return Optional.ofNullable(byName.get(name)).map(Stored::id);
        }

        boolean exists(String name) {
            return byName.containsKey(name);
        }

        /** The package that owns an object of this name, in any case; null when none does. */
        String owner(String name) {
            return name == null ? null : ownerByKey.get(key(name));
        }

        List<Stored> ownedBy(String packageName) {
            return all.stream().filter(s -> packageName.equals(s.owner())).toList();
        }
    }

    /** What the store holds now, read once for the whole import. */
    record Store(Kind entities, Kind entityTypes, Kind templates, Kind loads) {
    }

    /** Every object of {@code doc} that belongs to another package, at its JSON path. */
    static List<Problem> check(PackageDocument doc, Store store) {
        ImportOwnership check = new ImportOwnership(doc.name());
        check.each(doc.entityTypes(), "$.entityTypes", "Entity type", PackageDocument.EntityTypeDoc::name, store.entityTypes());
        check.each(doc.templates(), "$.templates", "Template", PackageDocument.TemplateDoc::name, store.templates());
        check.each(doc.entities(), "$.entities", "Entity", PackageDocument.EntityDoc::qualifiedName, store.entities());
        check.each(doc.loads(), "$.loads", "Load", PackageDocument.LoadDoc::name, store.loads());
        for (int i = 0; i < doc.loads().size(); i++) {
            String target = doc.loads().get(i).target();
            String owner = store.entities().owner(target);
            if (owner != null && !owner.equals(doc.name())) {
                check.problems.add(new Problem("$.loads[" + i + "].target", "targets entity " + target
                        + ", which belongs to package '" + owner + "'; a package's loads target its own entities "
                        + "(entities of other packages can be sources)"));
            }
        }
        return check.problems;
    }

    /** Names compare as the store compares them for clashes: ignoring case. */
    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    private <T> void each(List<T> items, String path, String kind, Function<T, String> name, Kind stored) {
        for (int i = 0; i < items.size(); i++) {
            String itemName = name.apply(items.get(i));
            String owner = stored.owner(itemName);
            if (owner != null && !Objects.equals(owner, packageName)) {
                problems.add(new Problem(path + "[" + i + "]", kind + " " + itemName + " belongs to package '" + owner
                        + "'; an import of package '" + packageName + "' may only create or change objects of its own "
                        + "package or of no package. Leave it out of this package, or first change its package to '" + packageName + "' in the designer or the API."));
            }
        }
    }
}
