package io.loadsmith.engine;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.lineage.SqlText;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.expression.operators.arithmetic.Concat;
import net.sf.jsqlparser.expression.operators.relational.IsDistinctExpression;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.view.CreateView;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.drop.Drop;
import net.sf.jsqlparser.statement.merge.Merge;
import net.sf.jsqlparser.statement.select.Distinct;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;

/**
 * Generated SQL of a dialect that does not run here (Redshift, SQL Server, Synapse, Fabric), read by
 * a real parser: JSqlParser 5.3 (Maven Central), the one Java parser that reads both T-SQL
 * ([names], TOP, SELECT … INTO, IF … statement, EXEC) and PostgreSQL-like SQL (MERGE, CTAS, window
 * frames, ||). Each statement must parse; then the parsed tree must not hold what the dialect's
 * capabilities say it lacks (a LIMIT where select_limit is false, || where concatenation is +, an
 * alias on Redshift's DELETE target, ...). JSqlParser reads a union of dialects, so a statement it
 * accepts is well formed, not proven accepted by the engine: templates-library/README.md lists what
 * rests on reading.
 */
public final class DialectSyntax {

    /**
     * Statements JSqlParser 5.3 cannot read, each with why; such a statement must match its pattern
     * whole (a targeted check of its text), and nothing else is let through unparsed.
     */
    public record Unparseable(String name, Pattern statement, String reason) {
    }

    public static final List<Unparseable> EXPECTED_UNPARSEABLE = List.of(
            new Unparseable("begin transaction", Pattern.compile("BEGIN TRANSACTION"),
                    "JSqlParser reads BEGIN only as the start of a block; the statement is standard on every engine here"),
            new Unparseable("synapse rename object", Pattern.compile("RENAME OBJECT [A-Za-z0-9_.\\[\\]]+ TO [A-Za-z0-9_\\[\\]]+"),
                    "Synapse's own RENAME OBJECT (its dedicated pools have no sp_rename for tables); JSqlParser knows ALTER TABLE … RENAME only"));

    private DialectSyntax() {
    }

    /** Every problem of the script: a statement the parser cannot read, or a construct the dialect lacks. Empty is good. */
    public static List<String> problems(String script, Dialect dialect) {
        List<String> problems = new ArrayList<>();
        List<String> statements = SqlText.statements(script);
        for (int i = 0; i < statements.size(); i++) {
            String statement = withoutComments(statements.get(i));
            if (statement.isEmpty() || EXPECTED_UNPARSEABLE.stream().anyMatch(u -> u.statement().matcher(statement).matches())) {
                continue;
            }
            String where = "statement " + (i + 1) + " (" + statement.lines().findFirst().orElse("") + ")";
            Statement parsed;
            try {
                parsed = parse(statement, dialect);
            } catch (JSQLParserException e) {
                Throwable cause = e.getCause() == null ? e : e.getCause();
                problems.add(where + ": the parser cannot read it: " + String.valueOf(cause.getMessage()).lines().findFirst().orElse(""));
                continue;
            }
            for (String lacking : lacking(parsed, dialect)) {
                problems.add(where + ": " + lacking);
            }
        }
        return problems;
    }

    public static Statement parse(String statement, Dialect dialect) throws JSQLParserException {
        boolean brackets = "[".equals(dialect.identifierQuote());
        return CCJSqlParserUtil.parse(readable(statement, dialect), p -> p.withSquareBracketQuotation(brackets).withTimeOut(60_000));
    }

    private static final Pattern CREATE_OR_ALTER_VIEW = Pattern.compile("^CREATE OR ALTER VIEW ");

    /**
     * T-SQL's CREATE OR ALTER VIEW (the dialect's fn.create_or_replace_view), which JSqlParser 5.3
     * cannot read, is parsed as the ALTER VIEW it reads with the same name and query: only the
     * three words at the head are taken on trust, the query is parsed and checked as every other.
     */
    static String readable(String statement, Dialect dialect) {
        if (dialect.functions().get("create_or_replace_view").startsWith("CREATE OR ALTER VIEW ")) {
            return CREATE_OR_ALTER_VIEW.matcher(statement).replaceFirst("ALTER VIEW ");
        }
        return statement;
    }

    /** Window functions that T-SQL refuses without an ORDER BY in their OVER clause. */
    private static final Set<String> ORDERED_WINDOW_FUNCTIONS = Set.of("ROW_NUMBER", "RANK", "DENSE_RANK", "NTILE", "LAG", "LEAD");

    /** Aggregates that join texts, each engine's own: a dialect has the ones its ordered_distinct_agg uses. */
    private static final List<String> TEXT_AGGREGATES = List.of("LISTAGG", "STRING_AGG", "ARRAY_JOIN", "COLLECT_SET", "GROUP_CONCAT");

    /** The constructs of the parsed statement that the dialect's capabilities and functions say it does not have. */
    static List<String> lacking(Statement statement, Dialect dialect) {
        List<String> out = new ArrayList<>();
        List<Object> nodes = nodes(statement);
        if (!dialect.functions().get("concat_op").contains("||") && any(nodes, Concat.class)) {
            out.add("|| concatenation, where the dialect concatenates with" + dialect.functions().get("concat_op"));
        }
        if (!dialect.supports("select_limit") && any(nodes, Limit.class)) {
            out.add("LIMIT, which the dialect lacks (select_limit)");
        }
        if (!dialect.supports("is_distinct_from") && any(nodes, IsDistinctExpression.class)) {
            out.add("IS DISTINCT FROM, which the dialect lacks (is_distinct_from)");
        }
        if (!dialect.supports("distinct_on") && of(nodes, Distinct.class).stream()
                .anyMatch(d -> d.getOnSelectItems() != null && !d.getOnSelectItems().isEmpty())) {
            out.add("DISTINCT ON, which the dialect lacks (distinct_on)");
        }
        if (!dialect.supports("create_table_as") && of(nodes, CreateTable.class).stream().anyMatch(c -> c.getSelect() != null)) {
            out.add("CREATE TABLE … AS, which the dialect lacks (create_table_as)");
        }
        if (!dialect.supports("delete_alias") && of(nodes, Delete.class).stream().anyMatch(d -> d.getTable().getAlias() != null)) {
            out.add("an alias on DELETE's table, which the dialect lacks (delete_alias)");
        }
        if (!dialect.supports("merge_target_alias") && of(nodes, Merge.class).stream().anyMatch(m -> m.getTable().getAlias() != null)) {
            out.add("an alias on MERGE's target, which the dialect lacks (merge_target_alias)");
        }
        if (!dialect.supports("merge_source_query") && of(nodes, Merge.class).stream().anyMatch(m -> !(m.getFromItem() instanceof Table))) {
            out.add("a query as MERGE's source, which the dialect lacks (merge_source_query)");
        }
        if (!dialect.supports("merge_clause_condition") && of(nodes, Merge.class).stream()
                .anyMatch(m -> m.getOperations() != null && m.getOperations().stream().anyMatch(DialectSyntax::conditional))) {
            out.add("WHEN [NOT] MATCHED AND <condition> in MERGE, which the dialect lacks (merge_clause_condition)");
        }
        if (!dialect.supports("subquery_cte") && of(nodes, ParenthesedSelect.class).stream()
                .anyMatch(p -> p.getSelect() != null && p.getSelect().getWithItemsList() != null && !p.getSelect().getWithItemsList().isEmpty())) {
            out.add("WITH inside a subquery, which the dialect lacks (subquery_cte)");
        }
        if (!dialect.functions().get("drop_table_if_exists").startsWith("DROP TABLE IF EXISTS")
                && of(nodes, Drop.class).stream().anyMatch(Drop::isIfExists)) {
            out.add("DROP TABLE IF EXISTS, which the dialect writes as " + dialect.functions().get("drop_table_if_exists"));
        }
        if (!dialect.functions().get("create_table_if_missing").startsWith("CREATE TABLE IF NOT EXISTS")
                && of(nodes, CreateTable.class).stream().anyMatch(CreateTable::isIfNotExists)) {
            out.add("CREATE TABLE IF NOT EXISTS, which the dialect writes as " + dialect.functions().get("create_table_if_missing"));
        }
        if ("1".equals(dialect.functions().get("bool_true")) && (any(nodes, BooleanValue.class) || of(nodes, Column.class).stream()
                .anyMatch(c -> Set.of("TRUE", "FALSE").contains(c.getFullyQualifiedName().toUpperCase(Locale.ROOT))))) {
            out.add("a TRUE / FALSE literal, where the dialect has no boolean values (bool_true is 1)");
        }
        if (!dialect.functions().get("create_or_replace_view").startsWith("CREATE OR REPLACE VIEW")
                && of(nodes, CreateView.class).stream().anyMatch(CreateView::isOrReplace)) {
            out.add("CREATE OR REPLACE VIEW, which the dialect writes as " + dialect.functions().get("create_or_replace_view"));
        }
        String aggregate = dialect.functions().get("ordered_distinct_agg").toUpperCase(Locale.ROOT);
        for (String name : TEXT_AGGREGATES) {
            boolean used = of(nodes, Function.class).stream().anyMatch(f -> name.equalsIgnoreCase(f.getName()))
                    || of(nodes, AnalyticExpression.class).stream().anyMatch(a -> name.equalsIgnoreCase(a.getName()));
            if (used && !aggregate.contains(name + "(")) {
                out.add(name + ", an aggregate of another engine (the dialect's ordered_distinct_agg is " + aggregate + ")");
            }
        }
        if (!dialect.supports("ranking_order_optional") && of(nodes, AnalyticExpression.class).stream()
                .anyMatch(a -> ORDERED_WINDOW_FUNCTIONS.contains(a.getName().toUpperCase(Locale.ROOT))
                        && (a.getOrderByElements() == null || a.getOrderByElements().isEmpty()))) {
            out.add("a ranking window without ORDER BY, which the dialect refuses (ranking_order_optional)");
        }
        if ("1".equals(dialect.functions().get("bool_true")) && of(nodes, WhenClause.class).stream()
                .anyMatch(w -> w.getWhenExpression() instanceof Column)) {
            out.add("CASE WHEN <column> THEN, a column as a condition, where BOOLEAN is BIT (compare it with 1)");
        }
        String foreignQuote = "[".equals(dialect.identifierQuote()) ? "\"" : "[";
        if (of(nodes, Column.class).stream().anyMatch(c -> c.getFullyQualifiedName().contains(foreignQuote))
                || of(nodes, Table.class).stream().anyMatch(t -> t.getFullyQualifiedName().contains(foreignQuote))) {
            out.add("a name quoted with " + foreignQuote + ", where the dialect quotes with " + dialect.identifierQuote());
        }
        return out;
    }

    private static String withoutComments(String statement) {
        StringBuilder out = new StringBuilder();
        for (String line : statement.strip().split("\n")) {
            String t = line.strip();
            if (!t.startsWith("--") && !(t.startsWith("/*") && t.endsWith("*/"))) {
                out.append(line).append('\n');
            }
        }
        return out.toString().strip();
    }

    private static boolean any(List<Object> nodes, Class<?> type) {
        return nodes.stream().anyMatch(type::isInstance);
    }

    private static <T> List<T> of(List<Object> nodes, Class<T> type) {
        return nodes.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /**
     * Every object of JSqlParser's tree under the root, by its fields (the tree has no common visitor
     * that reaches every kind of node; the parser's own token nodes are left out).
     */
    static List<Object> nodes(Object root) {
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Object> todo = new ArrayDeque<>(List.of(root));
        List<Object> out = new ArrayList<>();
        while (!todo.isEmpty()) {
            Object node = todo.pop();
            if (!seen.add(node)) {
                continue;
            }
            out.add(node);
            for (Class<?> c = node.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    if (Modifier.isStatic(field.getModifiers())) {
                        continue;
                    }
                    field.setAccessible(true);
                    try {
                        push(todo, field.get(node));
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
        return out;
    }

    private static void push(Deque<Object> todo, Object value) {
        if (value instanceof Collection<?> items) {
            items.forEach(v -> push(todo, v));
        } else if (value instanceof Map<?, ?> map) {
            map.values().forEach(v -> push(todo, v));
        } else if (value instanceof Object[] items) {
            for (Object v : items) {
                push(todo, v);
            }
        } else if (value != null && !value.getClass().isEnum() && value.getClass().getName().startsWith("net.sf.jsqlparser.")
                && !value.getClass().getName().startsWith("net.sf.jsqlparser.parser.")) {
            todo.push(value);
        }
    }

    /** A MERGE clause with its own condition (WHEN MATCHED AND … THEN). */
    private static boolean conditional(net.sf.jsqlparser.statement.merge.MergeOperation op) {
        return op instanceof net.sf.jsqlparser.statement.merge.MergeUpdate u && u.getAndPredicate() != null
                || op instanceof net.sf.jsqlparser.statement.merge.MergeDelete d && d.getAndPredicate() != null
                || op instanceof net.sf.jsqlparser.statement.merge.MergeInsert i && i.getAndPredicate() != null;
    }
}
