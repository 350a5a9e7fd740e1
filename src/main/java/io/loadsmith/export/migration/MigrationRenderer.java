package io.loadsmith.export.migration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.generation.DdlGenerator;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.render.FreemarkerEngine;
import io.loadsmith.generation.render.FreemarkerErrors;

/**
 * Stage 4 of a migration: the SQL of each step from the library's DDL templates
 * ({@code templates-library/ddl/migrate_*}, CREATE TABLE from {@code ddl/create_table}). Templates
 * see the template API of load templates ({@code fn}, {@code dialect.capabilities},
 * {@code loads.getTransformationForAttributes}) with the table as {@code entity}.
 */
final class MigrationRenderer {

    /** The prefix of the new table a rebuild fills before it replaces the old one. */
    static final String WORK_PREFIX = "Z_MIG_";

    private final FreemarkerEngine engine;
    private final LoadSqlGenerator loads;
    private final DdlGenerator ddl;
    private final MigrationPlanner.LoadHashes hashes;

    /** @param hashes the tables' change hashes as the planner saw them (what a refresh recomputes) */
    MigrationRenderer(FreemarkerEngine engine, LoadSqlGenerator loads, DdlGenerator ddl,
                      MigrationPlanner.LoadHashes hashes) {
        this.engine = engine;
        this.loads = loads;
        this.ddl = ddl;
        this.hashes = hashes;
    }

    /**
     * The names of the columns the scd2 template's change hash covers on the table for a call with
     * these arguments, from the library's rule ({@code ddl/change_hash_columns}, which shares
     * {@code lib/change_hash.ftl} with the template), so the planner holds no copy of it.
     *
     * @throws IllegalArgumentException with the template's message when the arguments do not fit
     *                                  the table (e.g. a tracked column it does not have)
     */
    List<String> hashColumns(EntityModel entity, Dialect dialect, Map<String, Object> arguments) {
        String text;
        try {
            text = renderRaw("change_hash_columns", dialect, entity, arguments);
        } catch (Exception e) {
            throw new IllegalArgumentException(FreemarkerErrors.describe(e).detail(), e);
        }
        return text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    List<MigrationStep> render(List<DialectSteps.Planned> planned, Dialect dialect, Map<String, EntityModel> neutralAfter,
                               Map<String, EntityModel> before, Map<String, EntityModel> after) {
        List<MigrationStep> steps = new ArrayList<>();
        for (DialectSteps.Planned step : planned) {
            String key = SnapshotDiff.key(step.entity());
            String sql = switch (step.kind()) {
                case CREATE_ENTITY -> ddl.createTable(neutralAfter.get(key), dialect.name()).strip();
                case DROP_ENTITY -> render(step, dialect, before.get(key), Map.of());
                case REBUILD -> render(step, dialect, after.get(key), rebuild(step, dialect, before.get(key),
                        neutralAfter.get(key), after.get(key)));
                case REFRESH_CHANGE_HASH -> render(step, dialect, after.get(key), refresh(hashes.after(key)));
                case RENAME_COLUMN -> render(step, dialect, after.get(key), renames(step, before.get(key),
                        after.get(key)));
                default -> render(step, dialect, after.get(key), column(step.changes().get(0), before.get(key),
                        after.get(key)));
            };
            List<String> described = step.changes().stream().map(MigrationChange::description).toList();
            steps.add(new MigrationStep(steps.size() + 1, step.kind(), step.entity(), step.destructive(), described, sql));
        }
        return steps;
    }

    /** Each step under a header, like the steps of a load. */
    static String script(List<MigrationStep> steps) {
        StringBuilder out = new StringBuilder();
        for (MigrationStep step : steps) {
            if (!out.isEmpty()) {
                out.append("\n\n");
            }
            String what = step.kind() == ChangeKind.REBUILD
                    ? "rebuild table " + step.entity() + ": " + String.join("; ", step.changes())
                    : String.join("; ", step.changes());
            out.append("/* ").append(step.number()).append(". ").append(what.replace("*/", "* /"))
                    .append(step.destructive() ? " (DESTRUCTIVE)" : "").append(" */\n").append(step.sql());
        }
        return out.isEmpty() ? "" : out.append('\n').toString();
    }

    private Map<String, Object> column(MigrationChange change, EntityModel before, EntityModel after) {
        Map<String, Object> data = new HashMap<>();
        if (change.to() != null) {
            data.put("attr", DialectSteps.attribute(after, change.to().name()));
        }
        // column / previous are identifiers in the SQL: their SQL form (quoted when case-sensitive).
        if (change.from() != null) {
            data.put("column", DialectSteps.attribute(before, change.from().name()).sqlName());
        }
        if (change.previous() != null) {
            data.put("previous", DialectSteps.attribute(after, change.previous()).sqlName());
        }
        if (change.from() != null && change.to() != null) {
            data.put("typeChanged", DialectSteps.physicalTypeChanges(change, before, after));
            data.put("nullabilityChanged", TypeChanges.compare(change.from(), change.to()).nullabilityChanged());
        }
        if (change.kind() == ChangeKind.KEY_CHANGE) {
            data.put("keyBefore", change.before());
            data.put("keyAfter", change.after());
        }
        return data;
    }

    /**
     * A rename step's renames in their SQL form: a column of the old version as it is written there,
     * a new name as the new version writes it, a temporary name plain (it is written the same way
     * wherever it appears, so the engine folds its case alike).
     */
    private Map<String, Object> renames(DialectSteps.Planned step, EntityModel before, EntityModel after) {
        // column and attr as before there were cycles, for a package's own copy of the template
        Map<String, Object> data = column(step.changes().get(0), before, after);
        List<Map<String, Object>> renames = new ArrayList<>();
        for (DialectSteps.Rename r : step.renames()) {
            renames.add(Map.of("column", sqlName(before, r.from()), "target", sqlName(after, r.to())));
        }
        data.put("renames", renames);
        return data;
    }

    private static String sqlName(EntityModel table, String name) {
        return table.attributes().stream().filter(a -> SnapshotDiff.key(a.name()).equals(SnapshotDiff.key(name)))
                .map(AttributeModel::sqlName).findFirst().orElse(name);
    }

    /** The scd2 call's arguments when the hash is known (the refresh recomputes it), else why not (a comment). */
    private static Map<String, Object> refresh(MigrationPlanner.LoadHash hash) {
        Map<String, Object> data = new HashMap<>(hash.arguments());
        data.put("known", hash.known());
        data.put("reason", hash.known() ? "" : hash.unknown());
        return data;
    }

    /** The work table's CREATE TABLE and, per new column, the old column it is filled from (none: NULL). */
    private Map<String, Object> rebuild(DialectSteps.Planned step, Dialect dialect, EntityModel before,
                                        EntityModel neutralAfter, EntityModel after) {
        EntityModel work = new EntityModel(WORK_PREFIX + neutralAfter.name(), neutralAfter.logicalName(),
                neutralAfter.schema(), neutralAfter.entityType(), neutralAfter.physicalType(), neutralAfter.attributes(),
                neutralAfter.fullRefreshPolicy());
        Map<String, String> sources = new HashMap<>();
        Map<String, Boolean> casts = new HashMap<>();
        // Columns are written in their SQL form (before's for the old column, after's for the new);
        // the work table's name is derived from the plain name and written unquoted where made and read.
        before.attributes().forEach(a -> sources.put(SnapshotDiff.key(a.name()), a.sqlName()));
        // Every old name given up first, then the renamed columns under their new names: in a swap,
        // or a rename onto a dropped column's name, one column's new name is another's old one.
        for (MigrationChange c : step.changes()) {
            if (c.kind() == ChangeKind.DROP_COLUMN || c.kind() == ChangeKind.RENAME_COLUMN) {
                sources.remove(SnapshotDiff.key(c.from().name()));
            } else if (c.kind() == ChangeKind.ADD_COLUMN) {
                sources.remove(SnapshotDiff.key(c.to().name()));
            } else {
                casts.put(SnapshotDiff.key(c.to().name()), TypeChanges.needsCast(c.from(), c.to()));
            }
        }
        step.changes().stream().filter(c -> c.kind() == ChangeKind.RENAME_COLUMN).forEach(c -> sources.put(
                SnapshotDiff.key(c.to().name()), DialectSteps.attribute(before, c.from().name()).sqlName()));
        List<Map<String, Object>> columns = new ArrayList<>();
        for (AttributeModel a : neutralAfter.attributes()) {
            Map<String, Object> column = new LinkedHashMap<>();
            column.put("name", DialectSteps.attribute(after, a.name()).sqlName());
            column.put("source", sources.getOrDefault(SnapshotDiff.key(a.name()), ""));
            column.put("physicalDatatype", DialectSteps.attribute(after, a.name()).physicalDatatype());
            column.put("cast", casts.getOrDefault(SnapshotDiff.key(a.name()), false));
            columns.add(column);
        }
        Map<String, Object> data = new HashMap<>();
        data.put("work", work.name());
        data.put("createWork", ddl.createTable(work, dialect.name()).strip());
        data.put("columns", columns);
        return data;
    }

    private String render(DialectSteps.Planned step, Dialect dialect, EntityModel entity, Map<String, Object> extra) {
        String template = TemplateKind.DDL.folder() + "/" + step.kind().template();
        try {
            return renderRaw(step.kind().template(), dialect, entity, extra);
        } catch (Exception e) {
            FreemarkerErrors.Described d = FreemarkerErrors.describe(e);
            throw new GenerationException(new GenerationException.Location(null, null, null,
                    d.template() == null ? template : d.template(), d.line(), d.column()),
                    "Migration of " + step.entity() + " (" + step.kind().label() + "): " + d.detail());
        }
    }

    /** A library DDL template ({@code ddl/<name>}) with the load template API, the table as {@code entity}. */
    private String renderRaw(String name, Dialect dialect, EntityModel entity, Map<String, Object> extra)
            throws Exception {
        Map<String, Object> data = new HashMap<>(loads.templateData(
                new LoadModel("migration", entity, List.of(), List.of(), Map.of()), dialect));
        data.put("entity", entity);
        data.putAll(extra);
        return engine.render(dialect, TemplateKind.DDL.folder() + "/" + name, data);
    }
}
