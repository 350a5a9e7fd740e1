package io.loadsmith.export.migration;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.exchange.DocumentModels;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.generation.Engine;
import io.loadsmith.generation.call.TemplateCall;
import io.loadsmith.generation.call.TemplateCallParser;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateNotFoundException;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;

/**
 * The change hash of each table as a version's loads write it: the scd2 template's, over the
 * columns its call selects. Only the scd2 template's hash is known here; a table loaded by
 * another template, or by none, has a hash the plan cannot recompute. Each table once per side.
 */
final class TableHashes implements MigrationPlanner.LoadHashes {

    /** One version: its models, label, engine and tables (localized for the dialect). */
    record Side(DocumentModels models, String label, Engine engine, Map<String, EntityModel> tables) {
    }

    /** The load template whose change hash ddl/change_hash_columns and migrate_refresh_change_hash know. */
    static final String SCD2 = "scd2";
    /** The origin of the library's templates (LibraryTemplateSource). */
    static final String LIBRARY = "library";

    private final Side before;
    private final Side after;
    private final Dialect dialect;
    private final Map<String, MigrationPlanner.LoadHash> beforeHashes = new HashMap<>();
    private final Map<String, MigrationPlanner.LoadHash> afterHashes = new HashMap<>();

    TableHashes(Side before, Side after, Dialect dialect) {
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
