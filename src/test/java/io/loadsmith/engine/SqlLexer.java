package io.loadsmith.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A lexer of each target's SQL written from the engines' documentation, independent of the
 * dialect files: it finds where literals, quoted names and comments end as the engine would, and
 * splits statements at the semicolons that remain. Used to check that a hostile value stays in its
 * place: outside literals and comments the SQL must be what the template wrote.
 */
public final class SqlLexer {

    /**
     * @param backslashEscapes a backslash escapes the next character inside a literal (Snowflake, BigQuery, Spark)
     * @param doubledQuote     '' inside a literal is a quote (not on BigQuery and Spark)
     * @param nestedComments   block comments nest (PostgreSQL, Spark / Databricks)
     * @param dollarQuotes     $tag$ ... $tag$ strings (PostgreSQL, DuckDB, H2, Snowflake)
     * @param hashComments     # starts a line comment (BigQuery)
     */
    public record Rules(boolean backslashEscapes, boolean doubledQuote, boolean nestedComments, boolean dollarQuotes,
                        boolean hashComments) {
    }

    /** The statements with literals as '?' and comments removed, and the text of every literal. */
    public record Lexed(List<String> statements, List<String> literals) {

        /** The first word of each statement: SELECT, INSERT, MERGE, ... */
        public List<String> kinds() {
            return statements.stream().map(s -> s.strip().split("[\\s(]+", 2)[0].toUpperCase(Locale.ROOT)).toList();
        }

        /** Everything outside literals and comments. */
        public String code() {
            return String.join(";\n", statements);
        }
    }

    private SqlLexer() {
    }

    public static Rules rules(String dialect) {
        return switch (dialect) {
            case "postgresql" -> new Rules(false, true, true, true, false);
            case "duckdb", "h2" -> new Rules(false, true, false, true, false);
            case "snowflake" -> new Rules(true, true, false, true, false);
            case "bigquery" -> new Rules(true, false, false, false, true);
            case "databricks" -> new Rules(true, false, true, false, false);
            // Redshift reads backslash escapes and '' inside literals, and $$ bodies; its comments do not nest.
            case "redshift" -> new Rules(true, true, false, true, false);
            // T-SQL: only '' inside literals (a backslash escapes nothing), and block comments nest.
            case "sqlserver", "synapse", "fabric" -> new Rules(false, true, true, false, false);
            default -> throw new IllegalArgumentException("no lexer rules for " + dialect);
        };
    }

    public static Lexed lex(String sql, Rules rules) {
        List<String> statements = new ArrayList<>();
        List<String> literals = new ArrayList<>();
        StringBuilder code = new StringBuilder();
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'') {
                StringBuilder literal = new StringBuilder();
                i++;
                while (i < n) {
                    char d = sql.charAt(i);
                    if (rules.backslashEscapes() && d == '\\' && i + 1 < n) {
                        char e = sql.charAt(i + 1);
                        literal.append(e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : e);
                        i += 2;
                    } else if (d == '\'' && rules.doubledQuote() && i + 1 < n && sql.charAt(i + 1) == '\'') {
                        literal.append('\'');
                        i += 2;
                    } else if (d == '\'') {
                        i++;
                        break;
                    } else {
                        literal.append(d);
                        i++;
                    }
                }
                literals.add(literal.toString());
                code.append("'?'");
            } else if (c == '"' || c == '`') {
                int end = sql.indexOf(c, i + 1);
                end = end < 0 ? n : end + 1;
                code.append(sql, i, end);
                i = end;
            } else if ((c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') || (c == '#' && rules.hashComments())) {
                while (i < n && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int depth = 1;
                i += 2;
                while (i < n && depth > 0) {
                    if (sql.startsWith("*/", i)) {
                        depth--;
                        i += 2;
                    } else if (rules.nestedComments() && sql.startsWith("/*", i)) {
                        depth++;
                        i += 2;
                    } else {
                        i++;
                    }
                }
                code.append(' ');
            } else if (c == '$' && rules.dollarQuotes() && dollarTag(sql, i) != null) {
                String tag = dollarTag(sql, i);
                int end = sql.indexOf(tag, i + tag.length());
                literals.add(sql.substring(i + tag.length(), end < 0 ? n : end));
                code.append("'?'");
                i = end < 0 ? n : end + tag.length();
            } else if (c == ';') {
                add(statements, code);
                i++;
            } else {
                code.append(c);
                i++;
            }
        }
        add(statements, code);
        return new Lexed(statements, literals);
    }

    /** "$$" or "$tag$" starting at i, or null. */
    private static String dollarTag(String sql, int i) {
        int j = i + 1;
        while (j < sql.length() && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
            j++;
        }
        if (j < sql.length() && sql.charAt(j) == '$' && (j == i + 1 || !Character.isDigit(sql.charAt(i + 1)))) {
            return sql.substring(i, j + 1);
        }
        return null;
    }

    private static void add(List<String> statements, StringBuilder code) {
        String text = code.toString().strip();
        if (!text.isEmpty()) {
            statements.add(text);
        }
        code.setLength(0);
    }
}
