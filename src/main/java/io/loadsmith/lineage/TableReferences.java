package io.loadsmith.lineage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tables a load's SQL names, read from its text without a full SQL parser: tables it creates,
 * tables it reads (FROM, JOIN, USING) and writes (INTO, UPDATE), common table expressions left out,
 * and for each read table the columns the SQL uses ({@code alias.column}, or the select list of a
 * query on that table alone). Good enough for lineage and for creating stand-in tables in the
 * sandbox; a name only built at run time is not seen. Names are keyed in lower case without quotes.
 */
public final class TableReferences {

    private static final Pattern TOKEN = Pattern.compile("\"(?:[^\"]|\"\")*\"|[A-Za-z_][A-Za-z0-9_$]*|\\S");
    private static final Set<String> NOT_ALIAS = Set.of("on", "where", "join", "left", "right", "inner", "outer",
            "full", "cross", "natural", "group", "order", "having", "limit", "union", "except", "intersect", "window",
            "qualify", "using", "set", "values", "select", "when", "returning", "lateral", "positional", "asof", "anti",
            "semi", "offset", "fetch", "tablesample", "pivot", "unpivot", "then", "and", "or", "not", "matched");
    private static final Set<String> NOT_FUNCTION = Set.of("as", "in", "exists", "any", "all", "some", "on", "and",
            "or", "not", "from", "join", "where", "select", "using", "lateral", "into", "values", "with", "then", "else",
            "when", "recursive", "over", "by", "union", "except", "intersect");
    private static final Set<String> NOT_COLUMN = Set.of("distinct", "as", "case", "when", "then", "else", "end", "and",
            "or", "not", "null", "is", "in", "true", "false", "cast", "like", "between", "all", "interval", "current_date",
            "current_timestamp", "current_time", "localtimestamp", "date", "timestamp", "varchar", "integer", "bigint",
            "exists", "over", "partition", "by", "order", "asc", "desc", "nulls", "first", "last", "filter", "top");
    private static final Set<String> QUERY_END = Set.of(")", ";", "where", "group", "order", "having", "limit",
            "union", "except", "intersect", "qualify", "window", "offset");

    private final Map<String, String> spelling = new LinkedHashMap<>();
    private final Set<String> created = new LinkedHashSet<>();
    private final Set<String> read = new LinkedHashSet<>();
    private final Set<String> written = new LinkedHashSet<>();
    private final Map<String, Set<String>> columns = new HashMap<>();
    private final List<String> unread = new ArrayList<>();

    private TableReferences() {
    }

    /** Never throws: a statement the reader trips over is left out and said in {@link #unread()}, the others still count. */
    public static TableReferences of(List<String> statements) {
        TableReferences refs = new TableReferences();
        for (int i = 0; i < statements.size(); i++) {
            try {
                refs.scan(tokens(SqlText.code(statements.get(i))));
            } catch (RuntimeException e) {
                // One statement's odd text must not cost the reader (and lineage, and Try it) all the others.
                refs.unread.add("Statement " + (i + 1) + " could not be read for the tables it uses: "
                        + abbreviate(statements.get(i)));
            }
        }
        return refs;
    }

    /** What could not be read, one sentence per statement; empty when everything was. */
    public List<String> unread() {
        return List.copyOf(unread);
    }

    /** Tables the SQL creates itself (CREATE TABLE/VIEW), lower case, in order of appearance. */
    public Set<String> created() {
        // Not Set.copyOf: its iteration order changes from one JVM to the next, and the lineage's edges follow it.
        return Collections.unmodifiableSet(created);
    }

    /** Tables read and not created by the SQL itself, lower case, in order of appearance. */
    public List<String> read() {
        return read.stream().filter(t -> !created.contains(t)).toList();
    }

    /** Tables written (INSERT/MERGE INTO, UPDATE), lower case, in order of appearance. */
    public Set<String> written() {
        return Collections.unmodifiableSet(written);
    }

    /** The name as first written in the SQL, quotes removed. */
    public String spelling(String table) {
        return spelling.getOrDefault(table, table);
    }

    /** Columns the SQL uses of a table, as first written, in order of appearance. */
    public List<String> columns(String table) {
        return List.copyOf(columns.getOrDefault(table, Set.of()));
    }

    private record Token(String text, String lower, int depth, boolean inFunction) {
    }

    private static List<Token> tokens(String code) {
        List<Token> tokens = new ArrayList<>();
        List<Boolean> functions = new ArrayList<>();
        Matcher m = TOKEN.matcher(code);
        while (m.find()) {
            String text = m.group();
            if (text.equals("(")) {
                Token prev = tokens.isEmpty() ? null : tokens.get(tokens.size() - 1);
                // A parenthesis right after a name is a call's (EXTRACT(YEAR FROM x)): its FROM names no table.
                boolean function = prev != null && isWord(prev.text) && !NOT_FUNCTION.contains(prev.lower);
                tokens.add(new Token(text, text, functions.size(), inFunction(functions)));
                functions.add(function);
            } else if (text.equals(")")) {
                if (!functions.isEmpty()) {
                    functions.remove(functions.size() - 1);
                }
                tokens.add(new Token(text, text, functions.size(), inFunction(functions)));
            } else {
                tokens.add(new Token(text, text.toLowerCase(Locale.ROOT), functions.size(), inFunction(functions)));
            }
        }
        return tokens;
    }

    private static boolean inFunction(List<Boolean> functions) {
        return !functions.isEmpty() && functions.get(functions.size() - 1);
    }

    private static boolean isWord(String text) {
        // A lone '"' (a name quoted and never closed) is no word: there is no name inside it.
        return text.startsWith("\"") ? text.length() > 1 : Character.isLetter(text.charAt(0)) || text.charAt(0) == '_';
    }

    private void scan(List<Token> t) {
        Map<String, String> aliases = new HashMap<>();
        Set<String> ctes = new LinkedHashSet<>();
        for (int i = 0; i < t.size(); i++) {
            String w = t.get(i).lower;
            if (w.equals("as") && i > 0 && i + 1 < t.size() && t.get(i + 1).text.equals("(")) {
                Token before = t.get(i - 1);
                Token beforeThat = i > 1 ? t.get(i - 2) : null;
                if (isWord(before.text) && beforeThat != null
                        && (beforeThat.lower.equals("with") || beforeThat.lower.equals("recursive") || beforeThat.text.equals(","))) {
                    ctes.add(unquote(before.text).toLowerCase(Locale.ROOT));
                }
            } else if (w.equals("create")) {
                int j = i + 1;
                while (j < t.size() && !t.get(j).lower.equals("table") && !t.get(j).lower.equals("view")
                        && Set.of("or", "replace", "temp", "temporary", "local", "global", "unlogged", "transient",
                        "materialized").contains(t.get(j).lower)) {
                    j++;
                }
                if (j < t.size() && (t.get(j).lower.equals("table") || t.get(j).lower.equals("view"))) {
                    j = skipIfNotExists(t, j + 1);
                    Name name = name(t, j);
                    if (name != null) {
                        created.add(remember(name.text));
                    }
                }
            } else if (w.equals("from") && i > 0 && t.get(i - 1).lower.equals("delete")) {
                // DELETE FROM names a table written, not read.
                Name name = name(t, i + 1);
                if (name != null) {
                    written.add(remember(name.text));
                }
            } else if ((w.equals("from") || w.equals("join") || w.equals("using")) && !t.get(i).inFunction) {
                int j = i + 1;
                int tables = 0;
                String only = null;
                while (true) {
                    Name name = j < t.size() && !t.get(j).text.equals("(") ? name(t, j) : null;
                    if (name == null || name.end < t.size() && t.get(name.end).text.equals("(")) {
                        tables += 2;
                        break;
                    }
                    String key = name.text.toLowerCase(Locale.ROOT);
                    boolean cte = !key.contains(".") && ctes.contains(key);
                    if (!cte) {
                        read.add(remember(name.text));
                        only = key;
                    }
                    tables++;
                    j = name.end;
                    String alias = null;
                    if (j < t.size() && t.get(j).lower.equals("as") && j + 1 < t.size()) {
                        alias = t.get(j + 1).text;
                        j += 2;
                    } else if (j < t.size() && isWord(t.get(j).text) && !NOT_ALIAS.contains(t.get(j).lower)) {
                        alias = t.get(j).text;
                        j++;
                    }
                    if (!cte) {
                        aliases.put(key, key);
                        aliases.put(lastPart(key), key);
                        if (alias != null) {
                            aliases.put(unquote(alias).toLowerCase(Locale.ROOT), key);
                        }
                    }
                    if (j < t.size() && t.get(j).text.equals(",") && w.equals("from")) {
                        j++;
                        continue;
                    }
                    break;
                }
                boolean ends = j >= t.size() || QUERY_END.contains(t.get(j).lower);
                if (w.equals("from") && tables == 1 && only != null && ends) {
                    singleTableColumns(t, i, only);
                }
            } else if ((w.equals("into") || w.equals("update")) && !t.get(i).inFunction) {
                Name name = name(t, i + 1);
                if (name != null) {
                    written.add(remember(name.text));
                }
            }
        }
        qualifiedColumns(t, aliases);
    }

    /** {@code alias.column} and {@code schema.table.column} where the alias or table is read here. */
    private void qualifiedColumns(List<Token> t, Map<String, String> aliases) {
        for (int i = 0; i < t.size(); i++) {
            Name name = isWord(t.get(i).text) ? name(t, i) : null;
            if (name == null) {
                continue;
            }
            String[] parts = name.parts.toArray(String[]::new);
            if (parts.length >= 2 && !(name.end < t.size() && t.get(name.end).text.equals("("))) {
                String qualifier = String.join(".", Arrays.copyOf(parts, parts.length - 1)).toLowerCase(Locale.ROOT);
                String table = aliases.get(qualifier);
                if (table != null && !parts[parts.length - 1].equals("*")) {
                    column(table, parts[parts.length - 1]);
                }
            }
            i = name.end - 1;
        }
    }

    /** The plain names in the select list of {@code SELECT … FROM table}: they can only be that table's. */
    private void singleTableColumns(List<Token> t, int from, String table) {
        int depth = t.get(from).depth;
        int select = from - 1;
        while (select >= 0 && !(t.get(select).lower.equals("select") && t.get(select).depth == depth)) {
            if (t.get(select).depth < depth) {
                return;
            }
            select--;
        }
        if (select < 0) {
            // FROM without a SELECT before it (UPDATE … FROM, DELETE … USING): no select list to read.
            return;
        }
        for (int k = select + 1; k < from; k++) {
            Token token = t.get(k);
            boolean afterAs = t.get(k - 1).lower.equals("as");
            boolean call = k + 1 < from && t.get(k + 1).text.equals("(");
            boolean dotted = k + 1 < from && t.get(k + 1).text.equals(".") || t.get(k - 1).text.equals(".");
            if (isWord(token.text) && !afterAs && !call && !dotted && !NOT_COLUMN.contains(token.lower)) {
                boolean implicitAlias = token.depth == depth && k - 1 > select && isWord(t.get(k - 1).text)
                        && !NOT_COLUMN.contains(t.get(k - 1).lower);
                if (!implicitAlias) {
                    column(table, unquote(token.text));
                }
            }
        }
    }

    private void column(String table, String column) {
        columns.computeIfAbsent(table, k -> new LinkedHashSet<>());
        Set<String> known = columns.get(table);
        if (known.stream().noneMatch(c -> c.equalsIgnoreCase(column))) {
            known.add(column);
        }
    }

    private static int skipIfNotExists(List<Token> t, int j) {
        if (j + 2 < t.size() && t.get(j).lower.equals("if") && t.get(j + 1).lower.equals("not")
                && t.get(j + 2).lower.equals("exists")) {
            return j + 3;
        }
        return j;
    }

    private record Name(String text, List<String> parts, int end) {
    }

    /** A dotted name starting at token {@code j}, or null when none starts there. */
    private static Name name(List<Token> t, int j) {
        if (j >= t.size() || !isWord(t.get(j).text)) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        parts.add(unquote(t.get(j).text));
        int k = j + 1;
        while (k + 1 < t.size() && t.get(k).text.equals(".") && (isWord(t.get(k + 1).text) || t.get(k + 1).text.equals("*"))) {
            parts.add(unquote(t.get(k + 1).text));
            k += 2;
        }
        return new Name(String.join(".", parts), parts, k);
    }

    private String remember(String name) {
        String key = name.toLowerCase(Locale.ROOT);
        spelling.putIfAbsent(key, name);
        return key;
    }

    private static String lastPart(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }

    private static String abbreviate(String statement) {
        String line = statement.strip().replaceAll("\\s+", " ");
        return line.length() <= 80 ? line : line.substring(0, 77) + "...";
    }

    /** A quoted name without its quotes; a quote never closed (the text ends inside it) keeps what follows it. */
    private static String unquote(String word) {
        if (!word.startsWith("\"")) {
            return word;
        }
        int end = word.length() > 1 && word.endsWith("\"") ? word.length() - 1 : word.length();
        return word.substring(1, end).replace("\"\"", "\"");
    }
}
