package io.loadsmith.deployment;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.loadsmith.deployment.SnapshotDiff.AttributePair;
import io.loadsmith.deployment.SnapshotDiff.EntityDiff;
import io.loadsmith.exchange.PackageDocument.AttributeDoc;
import io.loadsmith.exchange.PackageDocument.EntityDoc;

/**
 * Stage 2 of a migration: the typed changes of each table, in the order they run. Tables are
 * created first and dropped last; within a table columns are renamed, retyped, dropped, then added
 * in the new version's order (so each follows a column that exists by then); the key change and
 * the change-hash refresh come last.
 */
final class MigrationPlanner {

    /** Attribute types that identify a row; changing which columns carry them changes the table's key. */
    static final Set<String> KEY_TYPES = Set.of("DV_HASHKEY", "SCD_ID", "BUSINESS_KEY");
    /** The scd2 template's change hash: DV_DATAHASH over the columns without these types, of the rows where VALIDITY_STATUS = 1. */
    static final Set<String> UNHASHED_TYPES = Set.of("SCD_ID", "DV_DATAHASH", "VALID_FROM", "VALID_TO", "VALIDITY_STATUS");

    private static final Map<ChangeKind, Integer> ORDER = Map.of(ChangeKind.RENAME_COLUMN, 1, ChangeKind.WIDEN_TYPE, 2,
            ChangeKind.NARROW_TYPE, 2, ChangeKind.DROP_COLUMN, 3, ChangeKind.ADD_COLUMN, 4, ChangeKind.KEY_CHANGE, 5,
            ChangeKind.REFRESH_CHANGE_HASH, 6);

    private final Set<String> historyTypes;

    MigrationPlanner(Set<String> historyTypes) {
        this.historyTypes = Set.copyOf(historyTypes);
    }

    List<MigrationChange> plan(List<EntityDiff> diffs) {
        List<MigrationChange> creates = new ArrayList<>();
        List<MigrationChange> alters = new ArrayList<>();
        List<MigrationChange> drops = new ArrayList<>();
        for (EntityDiff diff : diffs) {
            if (diff.before() == null) {
                creates.add(change(ChangeKind.CREATE_ENTITY, diff.entity(), null, null, null, null, null, null, null));
            } else if (diff.after() == null) {
                drops.add(change(ChangeKind.DROP_ENTITY, diff.entity(), null, null, null,
                        "the table and all its rows are dropped", null, null, null));
            } else {
                alters.addAll(alter(diff));
            }
        }
        List<MigrationChange> all = new ArrayList<>(creates);
        all.addAll(alters);
        all.addAll(drops);
        return all;
    }

    private List<MigrationChange> alter(EntityDiff diff) {
        String entity = diff.entity();
        List<MigrationChange> changes = new ArrayList<>();
        String previous = null;
        for (AttributePair pair : diff.attributes()) {
            AttributeDoc a = pair.before();
            AttributeDoc b = pair.after();
            if (a == null) {
                if (Boolean.FALSE.equals(b.nullable())) {
                    throw new MigrationNotExpressibleException(ChangeKind.ADD_COLUMN.label() + " " + entity + "." + b.name(),
                            null, "the column is NOT NULL, the table's existing rows have no value for it and the model"
                            + " has no default; add it nullable, fill it, then make it NOT NULL in a later version");
                }
                changes.add(change(ChangeKind.ADD_COLUMN, entity, b.name(), null, TypeChanges.logical(b), null, null, b,
                        previous));
            } else if (b == null) {
                changes.add(change(ChangeKind.DROP_COLUMN, entity, a.name(), TypeChanges.logical(a), null,
                        "the column's values are dropped", a, null, null));
            } else {
                if (!SnapshotDiff.key(a.name()).equals(SnapshotDiff.key(b.name()))) {
                    changes.add(change(ChangeKind.RENAME_COLUMN, entity, b.name(), a.name(), b.name(), null, a, b, null));
                }
                TypeChanges.Outcome type = TypeChanges.compare(a, b);
                switch (type.direction()) {
                    case SAME -> { }
                    case WIDEN -> changes.add(change(ChangeKind.WIDEN_TYPE, entity, b.name(), TypeChanges.logical(a),
                            TypeChanges.logical(b), null, a, b, null));
                    case NARROW -> changes.add(change(ChangeKind.NARROW_TYPE, entity, b.name(), TypeChanges.logical(a),
                            TypeChanges.logical(b), type.reason(), a, b, null));
                    case IMPOSSIBLE -> throw new MigrationNotExpressibleException("change the type of " + entity + "."
                            + b.name() + " from " + TypeChanges.logical(a) + " to " + TypeChanges.logical(b), null,
                            type.reason());
                }
            }
            if (b != null) {
                previous = b.name();
            }
        }
        keyChange(diff).ifPresent(changes::add);
        if (changesHash(diff)) {
            changes.add(change(ChangeKind.REFRESH_CHANGE_HASH, entity, null, null,
                    "datahash of the current rows over the new columns", null, null, null, null));
        }
        changes.sort(Comparator.comparing(c -> ORDER.get(c.kind())));
        return changes;
    }

    /** The columns that carry a key type, before and after; a history table's key change is destructive. */
    private Optional<MigrationChange> keyChange(EntityDiff diff) {
        List<String> before = keys(diff.before(), diff, true);
        List<String> after = keys(diff.after(), diff, false);
        if (before.equals(after)) {
            return Optional.empty();
        }
        boolean history = diff.after().attributes().stream().anyMatch(a -> historyTypes.contains(a.attributeType()));
        return Optional.of(change(ChangeKind.KEY_CHANGE, diff.entity(), null, String.join(", ", before),
                String.join(", ", after), history ? "the history kept under the old key is not continued by the new"
                        + " key: every key gets a new open version" : null, null, null, null));
    }

    /** "type: column" for each key column, named as after the migration, so a rename alone is no key change. */
    private static List<String> keys(EntityDoc entity, EntityDiff diff, boolean before) {
        List<String> keys = new ArrayList<>();
        for (AttributeDoc a : entity.attributes()) {
            if (a.attributeType() != null && KEY_TYPES.contains(a.attributeType())) {
                keys.add(a.attributeType() + " " + (before ? renamed(a, diff) : a.name()));
            }
        }
        keys.sort(null);
        return keys;
    }

    private static String renamed(AttributeDoc a, EntityDiff diff) {
        return diff.attributes().stream().filter(p -> p.before() == a && p.after() != null)
                .map(p -> p.after().name()).findFirst().orElse(a.name());
    }

    /**
     * Whether the scd2 template's change hash of the table now covers other values: a hashed column
     * was added, dropped, moved or retyped. Renames keep the hash (it covers values, not names).
     */
    private static boolean changesHash(EntityDiff diff) {
        EntityDoc after = diff.after();
        boolean hashed = after.attributes().stream().anyMatch(a -> "DV_DATAHASH".equals(a.attributeType()))
                && after.attributes().stream().anyMatch(a -> "VALIDITY_STATUS".equals(a.attributeType()));
        if (!hashed) {
            return false;
        }
        List<List<Object>> before = diff.before().attributes().stream().filter(MigrationPlanner::isHashed)
                .map(a -> signature(a, renamed(a, diff))).toList();
        List<List<Object>> now = after.attributes().stream().filter(MigrationPlanner::isHashed)
                .map(a -> signature(a, a.name())).toList();
        return !before.equals(now);
    }

    private static boolean isHashed(AttributeDoc a) {
        return a.attributeType() == null || !UNHASHED_TYPES.contains(a.attributeType());
    }

    private static List<Object> signature(AttributeDoc a, String name) {
        return Arrays.asList(SnapshotDiff.key(name), a.datatype(), a.dataLength(), a.dataPrecision(),
                a.dataScale());
    }

    private static MigrationChange change(ChangeKind kind, String entity, String attribute, String before, String after,
                                          String reason, AttributeDoc from, AttributeDoc to, String previous) {
        return new MigrationChange(kind, entity, attribute, before, after, reason != null, reason, from, to, previous);
    }

}
