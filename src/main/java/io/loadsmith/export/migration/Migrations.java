package io.loadsmith.export.migration;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.exchange.DocumentModels;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.generation.Engine;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.generation.ModelLocalizer;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.GenerationException;

/**
 * The migration of a package from one version's tables to another's, for a dialect, as a pipeline:
 * {@link SnapshotDiff} (tables and columns side by side) → {@link MigrationPlanner} (typed
 * changes) → {@link DialectSteps} (in place or rebuild, by capability) → {@link MigrationRenderer}
 * (SQL from the library's DDL templates). Like the SQL package exporter it reads only the two
 * documents and the library (through the one {@link EngineFactory}), so the API and the command line give the same SQL;
 * both ask for it through load's front door (Generation, a PackageMigration request).
 */
public class Migrations {

    private final EngineFactory factory;
    private final EngineSettings settings;

    /** @param settings the project's full-refresh policies; templates and datatype mappings are the documents' */
    public Migrations(EngineFactory factory, EngineSettings settings) {
        this.factory = factory;
        this.settings = settings;
    }

    /** The plan and SQL whatever they contain: for showing what a deployment would change. */
    public Migration plan(PackageDocument from, String fromLabel, PackageDocument to, String toLabel, String dialectName) {
        return plan(from, fromLabel, to, toLabel, factory.dialects().get(dialectName));
    }

    /** For a dialect as given (tests take away capabilities to execute rebuilds on the engines here). */
    Migration plan(PackageDocument from, String fromLabel, PackageDocument to, String toLabel, Dialect dialect) {
        // The new version's own formulas, templates and datatype mappings, as when its loads are
        // generated; the tables it starts from have the types of the old version's mappings.
        DocumentModels toModels = new DocumentModels(to);
        Engine engine = factory.build(settings.forPackage(toModels, toModels.datatypes()));
        DocumentModels fromModels = new DocumentModels(from);
        Engine fromEngine = factory.build(settings.forPackage(fromModels, fromModels.datatypes()));
        Map<String, EntityModel> neutralAfter = tables(to);
        Map<String, EntityModel> before = localized(tables(from), fromLabel, fromEngine.localizer(), dialect);
        Map<String, EntityModel> after = localized(neutralAfter, toLabel, engine.localizer(), dialect);
        TableHashes hashes = new TableHashes(new TableHashes.Side(fromModels, fromLabel, fromEngine, before),
                new TableHashes.Side(toModels, toLabel, engine, after), dialect);
        List<MigrationChange> changes = new MigrationPlanner(settings.fullRefresh().historyAttributeTypes(), hashes)
                .plan(SnapshotDiff.between(from, to));
        List<DialectSteps.Planned> planned = DialectSteps.of(changes, dialect, before, after);
        MigrationRenderer renderer = new MigrationRenderer(engine.freemarker(), engine.loads(), engine.ddl(), hashes);
        List<MigrationStep> steps = renderer.render(planned, dialect, neutralAfter, before, after);
        return new Migration(to.name(), fromLabel, toLabel, dialect.name(),
                DialectSteps.withPhysicalTypes(changes, before, after), steps,
                MigrationRenderer.script(steps));
    }

    /** The migration to run: refused when it has destructive changes the caller did not allow. */
    public Migration migrate(PackageDocument from, String fromLabel, PackageDocument to, String toLabel,
                             String dialectName, boolean allowDestructive) {
        Migration migration = plan(from, fromLabel, to, toLabel, dialectName);
        List<MigrationChange> destructive = migration.changes().stream().filter(MigrationChange::destructive).toList();
        if (!allowDestructive && !destructive.isEmpty()) {
            throw new DestructiveMigrationException(fromLabel, toLabel, destructive);
        }
        return migration;
    }

    private static Map<String, EntityModel> tables(PackageDocument document) {
        Map<String, EntityModel> tables = new HashMap<>();
        new DocumentModels(document).entities().forEach(e -> tables.put(SnapshotDiff.key(e.qualifiedName()), e));
        return tables;
    }

    /** A name the dialect cannot write is the version's mistake: refused as generation refuses it, naming the version. */
    private static Map<String, EntityModel> localized(Map<String, EntityModel> tables, String label,
                                                      ModelLocalizer localizer, Dialect dialect) {
        Map<String, EntityModel> result = new HashMap<>();
        try {
            tables.forEach((key, entity) -> result.put(key, localizer.localize(entity, dialect)));
        } catch (IllegalArgumentException e) {
            throw new GenerationException(GenerationException.Location.ofLoad(null), "Version " + label + ": " + e.getMessage());
        }
        return result;
    }
}
