package io.loadsmith.export.migration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import io.loadsmith.exchange.PackageDocument.AttributeDoc;
import io.loadsmith.exchange.PackageDocument.EntityDoc;
import io.loadsmith.exchange.PackageDocument;

/**
 * Stage 1 of a migration: the tables of two package versions side by side, and in each table the
 * columns paired by name or by rename. Only entities that are tables (physical type TABLE or none)
 * have DDL, so only they take part. Names compare case-insensitively, as unquoted SQL names do.
 */
final class SnapshotDiff {

    /** An entity in both versions, or only in one (the other side null). */
    record EntityDiff(String entity, EntityDoc before, EntityDoc after, List<AttributePair> attributes) {
    }

    /**
     * A column before and after; one side is null for a column added or dropped. A pair whose names
     * differ is a rename: the newer version says {@code renamedFrom} the older name, whichever way
     * the migration goes (so A → B → A renames back).
     */
    record AttributePair(AttributeDoc before, AttributeDoc after) {
    }

    private SnapshotDiff() {
    }

    static List<EntityDiff> between(PackageDocument from, PackageDocument to) {
        Map<String, EntityDoc> before = tables(from);
        Map<String, EntityDoc> after = tables(to);
        TreeSet<String> names = new TreeSet<>(before.keySet());
        names.addAll(after.keySet());
        List<EntityDiff> diffs = new ArrayList<>();
        for (String key : names) {
            EntityDoc a = before.get(key);
            EntityDoc b = after.get(key);
            String name = (b != null ? b : a).qualifiedName();
            diffs.add(new EntityDiff(name, a, b, a == null || b == null ? List.of() : pairs(a, b)));
        }
        diffs.sort(Comparator.comparing(EntityDiff::entity));
        return diffs;
    }

    private static Map<String, EntityDoc> tables(PackageDocument document) {
        Map<String, EntityDoc> tables = new LinkedHashMap<>();
        document.entities().stream()
                .filter(e -> e.physicalType() == null || "TABLE".equals(e.physicalType()))
                .forEach(e -> tables.put(key(e.qualifiedName()), e));
        return tables;
    }

    /**
     * In the new version's column order, then the dropped columns in the old order. A rename
     * ({@code renamedFrom} of a column the old version has) pairs before a name does, so columns
     * that swap names, or take the name of one renamed or dropped, keep their own values.
     */
    private static List<AttributePair> pairs(EntityDoc from, EntityDoc to) {
        Map<String, AttributeDoc> before = attributes(from);
        Map<String, AttributeDoc> after = attributes(to);
        String entity = to.qualifiedName();
        // new name -> old column, going forward (the new version says renamedFrom) and going back (the old one does)
        Map<String, AttributeDoc> renames = renames(entity, to, before, after, true);
        renames(entity, from, after, before, false).forEach((newName, oldColumn) -> {
            if (!renames.containsKey(newName) && !renames.containsValue(oldColumn)) {
                renames.put(newName, oldColumn);
            }
        });
        Map<String, AttributeDoc> unpaired = new LinkedHashMap<>(before);
        renames.values().forEach(a -> unpaired.remove(key(a.name())));
        List<AttributePair> pairs = new ArrayList<>();
        for (AttributeDoc b : to.attributes()) {
            AttributeDoc a = renames.containsKey(key(b.name())) ? renames.get(key(b.name())) : unpaired.remove(key(b.name()));
            pairs.add(new AttributePair(a, b));
        }
        unpaired.values().forEach(a -> pairs.add(new AttributePair(a, null)));
        return pairs;
    }

    /**
     * The renames that {@code side}'s {@code renamedFrom} says, by the renamed column's name: to the
     * column of {@code other} it was renamed from. Left out: a rename {@code other} made already (it
     * has the column, renamed from the same name) and, going back, one from a column {@code side}
     * keeps. Going forward, a rename from a column the new version keeps under its own name, or two
     * from one column, cannot tell which column holds the values, so the migration is refused.
     */
    private static Map<String, AttributeDoc> renames(String entity, EntityDoc side, Map<String, AttributeDoc> other,
                                                     Map<String, AttributeDoc> own, boolean forward) {
        Map<String, AttributeDoc> candidates = new LinkedHashMap<>();
        for (AttributeDoc b : side.attributes()) {
            String from = b.renamedFrom() == null ? null : key(b.renamedFrom());
            AttributeDoc done = other.get(key(b.name()));
            if (from != null && !from.equals(key(b.name())) && other.containsKey(from)
                    && (done == null || done.renamedFrom() == null || !key(done.renamedFrom()).equals(from))) {
                candidates.put(key(b.name()), b);
            }
        }
        Map<String, AttributeDoc> renames = new LinkedHashMap<>();
        Map<String, AttributeDoc> claimed = new LinkedHashMap<>();
        for (AttributeDoc b : candidates.values()) {
            String from = key(b.renamedFrom());
            if (own.containsKey(from) && !candidates.containsKey(from)) {
                // the old column is still there under its own name
                if (forward && !other.containsKey(key(b.name()))) {
                    throw new MigrationNotExpressibleException("rename column " + entity + "." + b.name()
                            + " from '" + b.renamedFrom() + "'", null, "column '" + own.get(from).name()
                            + "' is still in the new version, so which column keeps the values of '"
                            + other.get(from).name() + "' is not known; remove renamedFrom or rename that column too");
                }
                continue;
            }
            AttributeDoc first = claimed.putIfAbsent(from, b);
            if (first != null) {
                if (forward) {
                    throw new MigrationNotExpressibleException("rename columns " + entity + "." + first.name() + " and "
                            + entity + "." + b.name() + " both from '" + b.renamedFrom() + "'", null,
                            "one column can take only one new name; keep renamedFrom on one of them");
                }
                continue;
            }
            renames.put(forward ? key(b.name()) : from, forward ? other.get(from) : b);
        }
        return renames;
    }

    private static Map<String, AttributeDoc> attributes(EntityDoc entity) {
        Map<String, AttributeDoc> map = new LinkedHashMap<>();
        entity.attributes().forEach(a -> map.put(key(a.name()), a));
        return map;
    }

    static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
