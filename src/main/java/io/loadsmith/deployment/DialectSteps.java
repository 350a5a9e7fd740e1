package io.loadsmith.deployment;

import java.util.ArrayList;
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

    /** A step to render: one kind, the table, the changes it makes. */
    record Planned(ChangeKind kind, String entity, List<MigrationChange> changes) {

        boolean destructive() {
            return changes.stream().anyMatch(MigrationChange::destructive);
        }
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
                own.stream().filter(c -> !noOp(c, before, after))
                        .forEach(c -> steps.add(new Planned(c.kind(), c.entity(), List.of(c))));
            }
        }
        return steps;
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

    static boolean physicalTypeChanges(MigrationChange change, EntityModel before, EntityModel after) {
        return !Objects.equals(attribute(before, change.from().name()).physicalDatatype(),
                attribute(after, change.to().name()).physicalDatatype());
    }

    static AttributeModel attribute(EntityModel entity, String name) {
        return entity.attributes().stream().filter(a -> SnapshotDiff.key(a.name()).equals(SnapshotDiff.key(name)))
                .findFirst().orElseThrow();
    }
}
