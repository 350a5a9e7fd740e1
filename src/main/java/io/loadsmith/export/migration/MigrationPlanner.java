package io.loadsmith.export.migration;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import io.loadsmith.exchange.PackageDocument.AttributeDoc;
import io.loadsmith.exchange.PackageDocument.EntityDoc;
import io.loadsmith.export.migration.SnapshotDiff.AttributePair;
import io.loadsmith.export.migration.SnapshotDiff.EntityDiff;

/**
 * Stage 2 of a migration: the typed changes of each table, in the order they run. Tables are
 * created first and dropped last; within a table columns are renamed, retyped, dropped, then added
 * in the new version's order (so each follows a column that exists by then); the key change and
 * the change-hash refresh come last.
 */
final class MigrationPlanner {

    /** Attribute types that identify a row; changing which columns carry them changes the table's key. */
    static final Set<String> KEY_TYPES = Set.of("DV_HASHKEY", "SCD_ID", "BUSINESS_KEY");
    /**
     * The columns that may be under a change hash whose columns are not known: all but the SCD2
     * technical ones. Only decides whether the plan must say that it cannot refresh the hash; the
     * columns refreshed are the load's ({@link LoadHash}).
     */
    static final Set<String> UNHASHED_TYPES = Set.of("SCD_ID", "DV_DATAHASH", "VALID_FROM", "VALID_TO", "VALIDITY_STATUS");

    /**
     * What a version's loads write into a table's change hash (DV_DATAHASH): the names of the
     * columns it covers and the arguments of the scd2 call that writes it, or why that is not known.
     */
    record LoadHash(List<String> columns, Map<String, Object> arguments, String unknown) {

        static LoadHash unknown(String why) {
            return new LoadHash(List.of(), Map.of(), why);
        }

        boolean known() {
            return unknown == null;
        }
    }

    /** The change hash of a table (by {@link SnapshotDiff#key} of schema.name) in the old and the new version. */
    interface LoadHashes {

        LoadHash before(String table);

        LoadHash after(String table);
    }

    private static final Map<ChangeKind, Integer> ORDER = Map.of(ChangeKind.RENAME_COLUMN, 1, ChangeKind.WIDEN_TYPE, 2,
            ChangeKind.NARROW_TYPE, 2, ChangeKind.DROP_COLUMN, 3, ChangeKind.ADD_COLUMN, 4, ChangeKind.KEY_CHANGE, 5,
            ChangeKind.REFRESH_CHANGE_HASH, 6);

    private final Set<String> historyTypes;
    private final LoadHashes hashes;

    MigrationPlanner(Set<String> historyTypes, LoadHashes hashes) {
        this.historyTypes = Set.copyOf(historyTypes);
        this.hashes = hashes;
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
        if (diff.after().attributes().isEmpty()) {
            throw new MigrationNotExpressibleException("drop every column of " + entity, null, "the new version's entity"
                    + " has no attributes and a table needs at least one column; give it one, or drop the table");
        }
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
        hashRefresh(diff).ifPresent(changes::add);
        // A column dropped to free its name for a rename goes before the renames.
        Set<String> renamedTo = new HashSet<>();
        changes.stream().filter(c -> c.kind() == ChangeKind.RENAME_COLUMN)
                .forEach(c -> renamedTo.add(SnapshotDiff.key(c.attribute())));
        changes.sort(Comparator.comparing(c -> c.kind() == ChangeKind.DROP_COLUMN
                && renamedTo.contains(SnapshotDiff.key(c.attribute())) ? 0 : ORDER.get(c.kind())));
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
     * The refresh of an SCD2 table's stored change hash when the columns its load hashes now hold
     * other values: a hashed column was added, dropped, moved or retyped, or the load hashes other
     * columns (track_columns / track_except). Renames keep the hash (it covers values, not names);
     * a column the load does not hash changes nothing. When the plan cannot tell what the load
     * hashes, a refresh over guessed columns would open a version for every key, so the plan says
     * so instead, as a destructive change.
     */
    private Optional<MigrationChange> hashRefresh(EntityDiff diff) {
        EntityDoc after = diff.after();
        boolean scd2 = after.attributes().stream().anyMatch(a -> "DV_DATAHASH".equals(a.attributeType()))
                && after.attributes().stream().anyMatch(a -> "VALIDITY_STATUS".equals(a.attributeType()));
        if (!scd2) {
            return Optional.empty();
        }
        String table = SnapshotDiff.key(diff.entity());
        LoadHash now = hashes.after(table);
        if (!now.known()) {
            List<List<Object>> before = diff.before().attributes().stream().filter(MigrationPlanner::mayBeHashed)
                    .map(a -> signature(a, renamed(a, diff))).toList();
            List<List<Object>> nowAll = after.attributes().stream().filter(MigrationPlanner::mayBeHashed)
                    .map(a -> signature(a, a.name())).toList();
            if (before.equals(nowAll)) {
                return Optional.empty();
            }
            return Optional.of(change(ChangeKind.REFRESH_CHANGE_HASH, diff.entity(), null, null, "not made",
                    "the plan cannot tell which columns the table's change hash covers (" + now.unknown()
                            + "); the stored datahash is left as it is, so the next load may open a new version"
                            + " for every key unless datahash is recomputed as that load computes it",
                    null, null, null));
        }
        LoadHash then = hashes.before(table);
        if (then.known() && hashed(then, diff.before(), a -> renamed(a, diff)).equals(hashed(now, after, AttributeDoc::name))) {
            return Optional.empty();
        }
        return Optional.of(change(ChangeKind.REFRESH_CHANGE_HASH, diff.entity(), null, null,
                "datahash of the current rows over " + String.join(", ", now.columns()), null, null, null, null));
    }

    /** The signatures of the hashed columns, named as after the migration. */
    private static List<List<Object>> hashed(LoadHash hash, EntityDoc entity,
                                             Function<AttributeDoc, String> name) {
        List<List<Object>> out = new ArrayList<>();
        for (String column : hash.columns()) {
            AttributeDoc a = entity.attributes().stream()
                    .filter(x -> SnapshotDiff.key(x.name()).equals(SnapshotDiff.key(column))).findFirst().orElseThrow(
                            () -> new IllegalStateException("hashed column " + column + " is not in " + entity.name()));
            out.add(signature(a, name.apply(a)));
        }
        return out;
    }

    private static boolean mayBeHashed(AttributeDoc a) {
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
