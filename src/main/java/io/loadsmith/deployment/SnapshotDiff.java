package io.loadsmith.deployment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageDocument.AttributeDoc;
import io.loadsmith.exchange.PackageDocument.EntityDoc;

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

    /** In the new version's column order, then the dropped columns in the old order. */
    private static List<AttributePair> pairs(EntityDoc from, EntityDoc to) {
        Map<String, AttributeDoc> before = attributes(from);
        Map<String, AttributeDoc> after = attributes(to);
        Map<String, AttributeDoc> unpaired = new LinkedHashMap<>(before);
        List<AttributePair> pairs = new ArrayList<>();
        for (AttributeDoc b : to.attributes()) {
            AttributeDoc a = before.get(key(b.name()));
            if (a == null && b.renamedFrom() != null && !after.containsKey(key(b.renamedFrom()))) {
                a = before.get(key(b.renamedFrom()));
            }
            if (a == null) {
                a = renamedBack(from, b, after);
            }
            if (a != null && unpaired.remove(key(a.name())) == null) {
                a = null;
            }
            pairs.add(new AttributePair(a, b));
        }
        unpaired.values().forEach(a -> pairs.add(new AttributePair(a, null)));
        return pairs;
    }

    /** Going back over a rename: the old version's column says it was renamed from this one's name. */
    private static AttributeDoc renamedBack(EntityDoc from, AttributeDoc b, Map<String, AttributeDoc> after) {
        return from.attributes().stream()
                .filter(a -> a.renamedFrom() != null && key(a.renamedFrom()).equals(key(b.name()))
                        && !after.containsKey(key(a.name())))
                .findFirst().orElse(null);
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
