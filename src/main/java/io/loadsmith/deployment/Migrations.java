package io.loadsmith.deployment;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.exchange.DocumentModels;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.generation.Engine;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.generation.GenerationException;
import io.loadsmith.generation.ModelLocalizer;
import io.loadsmith.generation.TemplateCall;
import io.loadsmith.generation.TemplateCallParser;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateNotFoundException;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;

/**
 * The migration of a package from one version's tables to another's, for a dialect, as a pipeline:
 * {@link SnapshotDiff} (tables and columns side by side) → {@link MigrationPlanner} (typed
 * changes) → {@link DialectSteps} (in place or rebuild, by capability) → {@link MigrationRenderer}
 * (SQL from the library's DDL templates). Like the SQL package exporter it reads only the two
 * documents and the library (through the one {@link EngineFactory}), so the API and the command line give the same SQL.
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
        Map<String, EntityModel> before = localized(tables(from), fromEngine.localizer(), dialect);
        Map<String, EntityModel> after = localized(neutralAfter, engine.localizer(), dialect);
        Hashes hashes = new Hashes(new Side(fromModels, fromLabel, fromEngine, before),
                new Side(toModels, toLabel, engine, after), dialect);
        List<MigrationChange> changes = new MigrationPlanner(settings.fullRefresh().historyAttributeTypes(), hashes)
                .plan(SnapshotDiff.between(from, to));
        List<DialectSteps.Planned> planned = DialectSteps.of(changes, dialect, before, after);
        MigrationRenderer renderer = new MigrationRenderer(engine.freemarker(), engine.loads(), engine.ddl(), hashes);
        List<MigrationStep> steps = renderer.render(planned, dialect, neutralAfter, before, after);
        return new Migration(to.name(), fromLabel, toLabel, dialect.name(), changes, steps,
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

    private static Map<String, EntityModel> localized(Map<String, EntityModel> tables, ModelLocalizer localizer,
                                                      Dialect dialect) {
        Map<String, EntityModel> result = new HashMap<>();
        tables.forEach((key, entity) -> result.put(key, localizer.localize(entity, dialect)));
        return result;
    }

    /** One version: its models, label, engine and tables (localized for the dialect). */
    private record Side(DocumentModels models, String label, Engine engine, Map<String, EntityModel> tables) {
    }

    /**
     * The change hash of each table as a version's loads write it: the scd2 template's, over the
     * columns its call selects. Only the scd2 template's hash is known here; a table loaded by
     * another template, or by none, has a hash the plan cannot recompute. Each table once per side.
     */
    private static final class Hashes implements MigrationPlanner.LoadHashes {

        /** The load template whose change hash ddl/change_hash_columns and migrate_refresh_change_hash know. */
        static final String SCD2 = "scd2";
        /** The origin of the library's templates (LibraryTemplateSource). */
        static final String LIBRARY = "library";

        private final Side before;
        private final Side after;
        private final Dialect dialect;
        private final Map<String, MigrationPlanner.LoadHash> beforeHashes = new HashMap<>();
        private final Map<String, MigrationPlanner.LoadHash> afterHashes = new HashMap<>();

        Hashes(Side before, Side after, Dialect dialect) {
            this.before = before;
            this.after = after;
            this.dialect = dialect;
        }

        @Override
        public MigrationPlanner.LoadHash before(String table) {
            return beforeHashes.computeIfAbsent(table, t -> of(before, t));
        }

        @Override
        public MigrationPlanner.LoadHash after(String table) {
            return afterHashes.computeIfAbsent(table, t -> of(after, t));
        }

        private MigrationPlanner.LoadHash of(Side side, String table) {
            EntityModel entity = side.tables().get(table);
            if (entity == null) {
                return MigrationPlanner.LoadHash.unknown("version " + side.label() + " has no such table");
            }
            MigrationRenderer renderer = new MigrationRenderer(side.engine().freemarker(), side.engine().loads(),
                    side.engine().ddl(), null);
            MigrationPlanner.LoadHash found = null;
            String foundIn = null;
            for (PackageDocument.LoadDoc load : side.models().document().loads()) {
                if (load.target() == null || !SnapshotDiff.key(load.target()).equals(table)) {
                    continue;
                }
                String where = "load " + load.name() + " of version " + side.label();
                try {
                    LoadModel model = side.models().load(load);
                    for (PackageDocument.StepDoc step : load.steps()) {
                        for (TemplateCall call : TemplateCallParser.parse(step.text())) {
                            if (!SCD2.equals(call.templateName())) {
                                return MigrationPlanner.LoadHash.unknown(where + " calls the " + call.templateName()
                                        + " template on it, whose change hash the migration does not know");
                            }
                            // A package may shadow the library's scd2 with its own, whose hash is its own.
                            String origin = side.engine().catalog().resolve(TemplateKind.TEMPLATE, SCD2, dialect)
                                    .definition().origin();
                            if (!LIBRARY.equals(origin)) {
                                return MigrationPlanner.LoadHash.unknown(where + " calls the " + SCD2 + " template of "
                                        + origin + ", not the library's, whose change hash the migration does not know");
                            }
                            Map<String, Object> arguments = side.engine().loads().arguments(model, call, dialect);
                            List<String> columns = renderer.hashColumns(entity, dialect, arguments);
                            if (found != null && !found.columns().equals(columns)) {
                                return MigrationPlanner.LoadHash.unknown(foundIn + " hashes " + String.join(", ",
                                        found.columns()) + ", " + where + " hashes " + String.join(", ", columns));
                            }
                            found = new MigrationPlanner.LoadHash(columns, arguments, null);
                            foundIn = where;
                        }
                    }
                } catch (TemplateCallParser.SyntaxError | IllegalArgumentException | GenerationException
                         | TemplateNotFoundException e) {
                    return MigrationPlanner.LoadHash.unknown(where + ": " + e.getMessage());
                }
            }
            return found != null ? found : MigrationPlanner.LoadHash.unknown("no load of version " + side.label()
                    + " calls the " + SCD2 + " template on it");
        }
    }
}
