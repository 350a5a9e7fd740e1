package io.loadsmith.tryit;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.springframework.stereotype.Service;

import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityDdlService;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.lineage.SqlText;
import io.loadsmith.lineage.TableReferences;
import io.loadsmith.load.Generation;
import io.loadsmith.load.GenerationRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.LoadService;
import io.loadsmith.problem.NotFoundException;

/**
 * Works out a {@link TryPlan}: the load's DuckDB SQL from the same generator as the preview, the
 * DDL of its target, its sources and any other entity of the model its SQL reads (by schema.name),
 * and stand-ins for the tables the model does not know, with the columns the SQL uses of them
 * plus any the caller names: typed as the target's column of the same name where there is one (a
 * column passed straight through), VARCHAR where nothing says more.
 */
@Service
public class TryPlanner {

    public static final String DIALECT = "duckdb";

    // DuckDB keeps temporary tables in a catalog of their own, without the schemas of the database.
    private static final Pattern TEMP_IN_SCHEMA = Pattern.compile(
            "^(\\s*CREATE\\s+(?:OR\\s+REPLACE\\s+)?)((?:LOCAL\\s+|GLOBAL\\s+)?TEMP(?:ORARY)?\\s+)(?=TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?"
                    + "(\"?[A-Za-z_][\\w$]*\"?)\\s*\\.\\s*(\"?[A-Za-z_][\\w$]*\"?))",
            Pattern.CASE_INSENSITIVE);

    private final LoadService loads;
    private final Generation generation;
    private final EntityService entities;
    private final EntityDdlService ddl;
    private final Sandbox sandbox;

    public TryPlanner(LoadService loads, Generation generation, EntityService entities, EntityDdlService ddl,
                      Sandbox sandbox) {
        this.loads = loads;
        this.generation = generation;
        this.entities = entities;
        this.ddl = ddl;
        this.sandbox = sandbox;
    }

    /**
     * @param extraColumns columns the caller gives rows for, by table (lower case), added to stand-in tables
     * @throws io.loadsmith.generation.model.GenerationException when the load's SQL cannot be generated
     */
    public TryPlan plan(long loadId, String environment, Map<String, Set<String>> extraColumns) {
        LoadResponse load = loads.get(loadId);
        GeneratedLoad generated = generation.generate(new GenerationRequest.StoredLoad(loadId, DIALECT, environment))
                .orThrow();
        EntityResponse target = entity(load.target());
        List<EntityResponse> sources = load.sources().stream().map(this::entity).toList();

        List<TryPlan.PlannedStatement> statements = new ArrayList<>();
        for (GeneratedLoad.GeneratedStep step : generated.steps()) {
            for (String sql : SqlText.statements(step.sql())) {
                statements.add(adapt(step.number(), step.name(), sql));
            }
        }
        TableReferences refs = TableReferences.of(statements.stream().map(TryPlan.PlannedStatement::sql).toList());
        List<String> notes = new ArrayList<>(refs.unread());
        statements.stream().map(TryPlan.PlannedStatement::note).filter(n -> n != null).distinct().forEach(notes::add);
        Set<String> entityTables = new LinkedHashSet<>();
        entityTables.add(target.qualifiedName().toLowerCase(Locale.ROOT));
        sources.forEach(s -> entityTables.add(s.qualifiedName().toLowerCase(Locale.ROOT)));

        Set<String> schemas = new LinkedHashSet<>();
        schemas.add(target.schema());
        sources.forEach(s -> schemas.add(s.schema()));
        List<EntityResponse> modelled = new ArrayList<>();
        Map<String, List<String>> standIns = new LinkedHashMap<>();
        List<String> referenced = new ArrayList<>();
        for (String table : refs.read()) {
            if (entityTables.contains(table)) {
                continue;
            }
            // A table the model knows (a template's input, a lookup) is made from its entity, types and all:
            // the SQL's text only tells which of its columns are used, and nothing of their types.
            EntityResponse entity = modelled(refs.spelling(table));
            if (entity != null) {
                modelled.add(entity);
                schemas.add(entity.schema());
                continue;
            }
            List<String> columns = new ArrayList<>(refs.columns(table));
            for (String extra : extraColumns.getOrDefault(table, Set.of())) {
                if (columns.stream().noneMatch(extra::equalsIgnoreCase)) {
                    columns.add(extra);
                }
            }
            String name = refs.spelling(table);
            if (name.contains(".")) {
                schemas.add(name.substring(0, name.indexOf('.')));
            }
            if (columns.isEmpty()) {
                notes.add("The SQL reads " + name + ", which is no entity of the model, without naming its columns"
                        + " (SELECT *?), so Try it cannot make the table up and a statement reading it fails. Add "
                        + name + " to the model as an entity to give it rows here.");
                continue;
            }
            referenced.add(name);
            standIns.put(name, columns);
        }
        refs.created().stream().map(refs::spelling).filter(n -> n.contains("."))
                .forEach(n -> schemas.add(n.substring(0, n.indexOf('.'))));

        List<String> setup = new ArrayList<>();
        schemas.stream().filter(s -> s != null && !s.isBlank() && !s.equalsIgnoreCase("main") && !s.equalsIgnoreCase("temp"))
                .map(s -> "CREATE SCHEMA IF NOT EXISTS " + DuckDbNames.quoteOne(s)).distinct().forEach(setup::add);
        // A view's load creates it (CREATE OR REPLACE VIEW), as the SQL package leaves it out of its DDL: a table of
        // its name would refuse the view.
        boolean targetIsTable = target.physicalType() == null || target.physicalType() == PhysicalType.TABLE;
        if (targetIsTable) {
            setup.addAll(SqlText.statements(ddl.createTable(target.id(), DIALECT)));
        }
        for (EntityResponse entity : Stream.concat(sources.stream(), modelled.stream()).toList()) {
            setup.addAll(SqlText.statements(ddl.createTable(entity.id(), DIALECT)));
        }

        Map<String, TryPlan.InputTable.Kind> inputNames = new LinkedHashMap<>();
        sources.forEach(e -> inputNames.put(e.qualifiedName(), TryPlan.InputTable.Kind.SOURCE));
        modelled.forEach(e -> inputNames.put(e.qualifiedName(), TryPlan.InputTable.Kind.ENTITY));
        referenced.forEach(name -> inputNames.put(name, TryPlan.InputTable.Kind.REFERENCED));
        List<TryPlan.InputTable> inputs = columnTypes(setup, targetIsTable ? target.qualifiedName() : null, standIns,
                inputNames, notes);
        return new TryPlan(load.name(), target.qualifiedName(), setup, inputs, statements, targetColumns(target), notes,
                List.of(), generated.runChecks());
    }

    /**
     * Runs the setup in a sandbox, adds the stand-ins to it (typed from the target, which the setup has
     * made by then; null for a view, which its load makes) and reads the input tables back with DuckDB's own column types.
     */
    private List<TryPlan.InputTable> columnTypes(List<String> setup, String target, Map<String, List<String>> standIns,
                                                 Map<String, TryPlan.InputTable.Kind> names, List<String> notes) {
        return sandbox.withDatabase(db -> {
            for (String sql : setup) {
                try {
                    sandbox.execute(db, sql);
                } catch (SQLException e) {
                    notes.add("Setting up failed: " + sandbox.describe(e) + " in: " + sql);
                    return List.of();
                }
            }
            Map<String, String> targetTypes = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            if (target != null) {
                columnsOf(db, target).forEach(c -> targetTypes.put(c.name(), c.type()));
            }
            for (Map.Entry<String, List<String>> standIn : standIns.entrySet()) {
                String sql = standIn(standIn.getKey(), standIn.getValue(), targetTypes, notes);
                try {
                    sandbox.execute(db, sql);
                } catch (SQLException e) {
                    notes.add("Setting up failed: " + sandbox.describe(e) + " in: " + sql);
                    return List.of();
                }
                setup.add(sql);
            }
            List<TryPlan.InputTable> inputs = new ArrayList<>();
            for (Map.Entry<String, TryPlan.InputTable.Kind> name : names.entrySet()) {
                inputs.add(new TryPlan.InputTable(name.getKey(), name.getValue(), columnsOf(db, name.getKey())));
            }
            return inputs;
        });
    }

    /**
     * A table the model does not know. A column the target has too is most often passed straight into
     * it, so it takes the target's type (a date stays a date through the template's SQL); the rest are
     * VARCHAR, and the notes say which took a type.
     */
    private static String standIn(String name, List<String> columns, Map<String, String> targetTypes, List<String> notes) {
        List<String> typed = columns.stream().filter(c -> targetTypes.containsKey(c) && !"VARCHAR".equals(targetTypes.get(c)))
                .map(c -> c + " " + targetTypes.get(c)).toList();
        if (!typed.isEmpty()) {
            notes.add(name + " is no entity of the model: its columns that the target has too take the target's types ("
                    + String.join(", ", typed) + "), the others are VARCHAR.");
        }
        return createStandIn(name, columns.stream().map(c -> new TryPlan.Column(c, targetTypes.getOrDefault(c, "VARCHAR"))).toList());
    }

    /** The setup statement of a stand-in table. */
    static String createStandIn(String name, List<TryPlan.Column> columns) {
        return "CREATE TABLE " + DuckDbNames.quote(name) + " (" + String.join(", ", columns.stream()
                .map(c -> DuckDbNames.quoteOne(c.name()) + " " + c.type()).toList()) + ")";
    }

    /** Whether a setup statement is {@link #createStandIn} of the table. */
    static boolean createsStandIn(String sql, String name) {
        return sql.startsWith("CREATE TABLE " + DuckDbNames.quote(name) + " (");
    }

    private List<TryPlan.Column> columnsOf(Connection db, String table) throws SQLException {
        List<TryPlan.Column> columns = new ArrayList<>();
        try (Statement st = db.createStatement()) {
            sandbox.watched(st, s -> {
                try (ResultSet rs = s.executeQuery("DESCRIBE " + DuckDbNames.quote(table))) {
                    while (rs.next()) {
                        columns.add(new TryPlan.Column(rs.getString("column_name"), rs.getString("column_type")));
                    }
                }
                return null;
            });
        }
        return columns;
    }

    /**
     * A temporary table in a schema runs as a plain table, which the runner drops as each batch ends, as the
     * target engine does with a temporary table when its session ends.
     */
    static TryPlan.PlannedStatement adapt(int step, String stepName, String sql) {
        String code = SqlText.code(sql);
        // Leading comments (the step header) are blanks in the code, at the same offsets as in the text.
        Matcher m = TEMP_IN_SCHEMA.matcher(code);
        if (m.find()) {
            String adapted = sql.substring(0, m.start(2)) + sql.substring(m.end(2));
            String table = unquote(m.group(3)) + "." + unquote(m.group(4));
            return new TryPlan.PlannedStatement(step, stepName, adapted, "Step " + step + " creates " + table
                    + " as a regular table, without TEMPORARY (DuckDB has no temporary tables in schemas), and Try it"
                    + " drops it at the end of each batch, as the end of a session would.", table);
        }
        return new TryPlan.PlannedStatement(step, stepName, sql, null, null);
    }

    private static String unquote(String name) {
        return name.startsWith("\"") ? name.substring(1, name.length() - 1) : name;
    }

    private static TryPlan.TargetColumns targetColumns(EntityResponse target) {
        return new TryPlan.TargetColumns(ofType(target, "SCD_ID"), ofType(target, "DV_HASHKEY"),
                ofType(target, "VALID_FROM"), ofType(target, "VALID_TO"), ofType(target, "VALIDITY_STATUS"),
                ofType(target, "DV_DATAHASH"));
    }

    private static String ofType(EntityResponse entity, String attributeType) {
        return entity.attributes().stream().filter(a -> attributeType.equalsIgnoreCase(a.attributeType()))
                .map(AttributeJson::name).findFirst().orElse(null);
    }

    /** The entity a {@code schema.name} in the SQL names, or null (a bare name, or one the model does not know). */
    private EntityResponse modelled(String name) {
        String[] parts = name.split("\\.");
        return parts.length != 2 ? null : entities.named(parts[0], parts[1]).orElse(null);
    }

    private EntityResponse entity(String qualifiedName) {
        return entities.list(qualifiedName).stream().findFirst()
                .orElseThrow(() -> new NotFoundException("Entity '" + qualifiedName + "' does not exist."));
    }
}
