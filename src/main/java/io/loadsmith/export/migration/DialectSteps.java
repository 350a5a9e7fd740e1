package io.loadsmith.export.migration;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;

/**
 * Stage 3 of a migration: which changes a dialect makes in place and which tables it rebuilds,
 * from the dialect's capabilities. A table is rebuilt (new table, INSERT … SELECT, swap) when one
 * of its column changes cannot be made with ALTER TABLE; the rebuild then carries all of that
 * table's column changes. A type change that maps to the same physical type in the dialect (e.g.
 * VARCHAR(10) → VARCHAR(20) on BigQuery, where both are STRING) needs no SQL there.
 */
final class DialectSteps {

    private static final Set<ChangeKind> COLUMN_CHANGES = Set.of(ChangeKind.RENAME_COLUMN, ChangeKind.WIDEN_TYPE,
            ChangeKind.NARROW_TYPE, ChangeKind.DROP_COLUMN, ChangeKind.ADD_COLUMN);

    /** The temporary name of a column that steps aside for a cycle of renames ({@code Z_MIG_<name>}). */
    static final String TEMPORARY_PREFIX = MigrationRenderer.WORK_PREFIX;

    /**
     * A step to render: one kind, the table, the changes it makes; a rename step also the column
     * renames it runs, in order (a cycle of renames goes through a temporary name).
     */
    record Planned(ChangeKind kind, String entity, List<MigrationChange> changes, List<Rename> renames) {

        Planned(ChangeKind kind, String entity, List<MigrationChange> changes) {
            this(kind, entity, changes, List.of());
        }

        boolean destructive() {
            return changes.stream().anyMatch(MigrationChange::destructive);
        }
    }

    /** One ALTER TABLE … RENAME COLUMN: plain names, of the old version's column or a temporary one. */
    record Rename(String from, String to) {
    }

    private DialectSteps() {
    }

    /**
     * @param before the tables of the old version, localized for the dialect
     * @param after  the tables of the new version, localized for the dialect
     */
    static List<Planned> of(List<MigrationChange> changes, Dialect dialect, Map<String, EntityModel> before,
                            Map<String, EntityModel> after) {
        Map<String, List<MigrationChange>> byEntity = new LinkedHashMap<>();
        changes.forEach(c -> byEntity.computeIfAbsent(c.entity(), e -> new ArrayList<>()).add(c));
        List<Planned> steps = new ArrayList<>();
        for (var entry : byEntity.entrySet()) {
            List<MigrationChange> own = entry.getValue();
            boolean rebuild = own.stream().anyMatch(c -> !inPlace(c, dialect, before.get(SnapshotDiff.key(c.entity())),
                    after.get(SnapshotDiff.key(c.entity()))));
            if (rebuild) {
                steps.add(new Planned(ChangeKind.REBUILD, entry.getKey(),
                        own.stream().filter(c -> COLUMN_CHANGES.contains(c.kind())).toList()));
                own.stream().filter(c -> !COLUMN_CHANGES.contains(c.kind()))
                        .forEach(c -> steps.add(new Planned(c.kind(), c.entity(), List.of(c))));
            } else {
                List<MigrationChange> made = own.stream().filter(c -> !noOp(c, before, after)).toList();
                List<MigrationChange> renames = made.stream().filter(c -> c.kind() == ChangeKind.RENAME_COLUMN).toList();
                for (MigrationChange c : made) {
                    if (c.kind() != ChangeKind.RENAME_COLUMN) {
                        steps.add(new Planned(c.kind(), c.entity(), List.of(c)));
                    } else if (c == renames.get(0)) {
                        steps.addAll(renameSteps(entry.getKey(), renames, before.get(SnapshotDiff.key(c.entity())),
                                after.get(SnapshotDiff.key(c.entity()))));
                    }
                }
            }
        }
        return steps;
    }

    /**
     * The renames of a table in an order where each new name is free when it is taken: a column
     * whose new name another column still has waits for it, and in a cycle (a swap) one column
     * steps aside under a temporary name first; a cycle is one step. Dropped columns are gone by
     * then (the planner drops a column whose name a rename takes first), added ones come later.
     */
    private static List<Planned> renameSteps(String entity, List<MigrationChange> renames, EntityModel before,
                                             EntityModel after) {
        Set<String> taken = new HashSet<>();
        before.attributes().forEach(a -> taken.add(SnapshotDiff.key(a.name())));
        after.attributes().forEach(a -> taken.add(SnapshotDiff.key(a.name())));
        List<String[]> pending = new ArrayList<>(); // {current name of the column, its new name}, as renames
        renames.forEach(c -> pending.add(new String[] {c.from().name(), c.to().name()}));
        List<Planned> steps = new ArrayList<>();
        List<MigrationChange> cycle = null;
        List<Rename> hops = null;
        String temporary = null;
        while (!pending.isEmpty()) {
            String[] next = pending.stream().filter(m -> holder(pending, m[1]) == null).findFirst().orElse(null);
            if (next == null) {
                String[] aside = holder(pending, pending.get(0)[1]);
                temporary = temporaryName(aside[0], taken);
                cycle = new ArrayList<>();
                hops = new ArrayList<>(List.of(new Rename(aside[0], temporary)));
                aside[0] = temporary;
                continue;
            }
            MigrationChange change = renames.get(indexOf(pending, next, renames));
            pending.remove(next);
            Rename hop = new Rename(next[0], next[1]);
            if (cycle == null) {
                steps.add(new Planned(ChangeKind.RENAME_COLUMN, entity, List.of(change), List.of(hop)));
            } else {
                cycle.add(change);
                hops.add(hop);
                if (next[0].equals(temporary)) {
                    steps.add(new Planned(ChangeKind.RENAME_COLUMN, entity, List.copyOf(cycle), List.copyOf(hops)));
                    cycle = null;
                }
            }
        }
        return steps;
    }

    /** The pending rename whose column has {@code name} now, if any. */
    private static String[] holder(List<String[]> pending, String name) {
        return pending.stream().filter(m -> SnapshotDiff.key(m[0]).equals(SnapshotDiff.key(name))).findFirst()
                .orElse(null);
    }

    /** The change of a pending rename: the one with its new name (new names are unique in a table). */
    private static int indexOf(List<String[]> pending, String[] move, List<MigrationChange> renames) {
        for (int i = 0; i < renames.size(); i++) {
            if (SnapshotDiff.key(renames.get(i).to().name()).equals(SnapshotDiff.key(move[1]))) {
                return i;
            }
        }
        throw new IllegalStateException("no rename to " + move[1]);
    }

    /** Z_MIG_<name>, or with a number when a column of either version has that name. */
    private static String temporaryName(String name, Set<String> taken) {
        String candidate = TEMPORARY_PREFIX + name;
        for (int i = 2; taken.contains(SnapshotDiff.key(candidate)); i++) {
            candidate = TEMPORARY_PREFIX + name + "_" + i;
        }
        taken.add(SnapshotDiff.key(candidate));
        return candidate;
    }

    private static boolean inPlace(MigrationChange change, Dialect dialect, EntityModel before, EntityModel after) {
        return switch (change.kind()) {
            case RENAME_COLUMN -> dialect.supports("rename_column");
            case DROP_COLUMN -> dialect.supports("drop_column");
            case WIDEN_TYPE, NARROW_TYPE -> {
                TypeChanges.Outcome outcome = TypeChanges.compare(change.from(), change.to());
                boolean physical = physicalTypeChanges(change, before, after);
                boolean typeOk = !physical || dialect.supports("alter_column_type")
                        || (change.kind() == ChangeKind.WIDEN_TYPE && dialect.supports("alter_column_widen"));
                boolean setsNotNull = outcome.nullabilityChanged() && Boolean.FALSE.equals(change.to().nullable());
                yield typeOk && (!setsNotNull || dialect.supports("alter_column_set_not_null"));
            }
            default -> true;
        };
    }

    /** A type change whose physical type and nullability are the same in the dialect. */
    private static boolean noOp(MigrationChange change, Map<String, EntityModel> before, Map<String, EntityModel> after) {
        if (change.kind() != ChangeKind.WIDEN_TYPE && change.kind() != ChangeKind.NARROW_TYPE) {
            return false;
        }
        String key = SnapshotDiff.key(change.entity());
        return !physicalTypeChanges(change, before.get(key), after.get(key))
                && !TypeChanges.compare(change.from(), change.to()).nullabilityChanged();
    }

    /**
     * The changes with their columns' types in the dialect, so the list says what the SQL does. A rename
     * is of a name, not a type; a column of a table that is created or dropped is not listed.
     */
    static List<MigrationChange> withPhysicalTypes(List<MigrationChange> changes, Map<String, EntityModel> before,
                                                   Map<String, EntityModel> after) {
        return changes.stream().map(c -> c.kind() == ChangeKind.RENAME_COLUMN || (c.from() == null && c.to() == null) ? c
                : c.withPhysical(c.from() == null ? null : attribute(before.get(SnapshotDiff.key(c.entity())),
                        c.from().name()).physicalDatatype(),
                        c.to() == null ? null : attribute(after.get(SnapshotDiff.key(c.entity())), c.to().name())
                                .physicalDatatype())).toList();
    }

    static boolean physicalTypeChanges(MigrationChange change, EntityModel before, EntityModel after) {
        return !Objects.equals(attribute(before, change.from().name()).physicalDatatype(),
                attribute(after, change.to().name()).physicalDatatype());
    }

    static AttributeModel attribute(EntityModel entity, String name) {
        return entity.attributes().stream().filter(a -> SnapshotDiff.key(a.name()).equals(SnapshotDiff.key(name)))
                .findFirst().orElseThrow();
    }
}
