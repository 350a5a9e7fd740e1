package io.loadsmith.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a SQL script into statements at ';', ignoring those in quotes and comments. Standard
 * quoting by default (a quote inside a literal or name is doubled); {@link #splitSpark} for Spark
 * SQL, whose literals take backslash escapes ({@code 'it\'s'}, as the databricks dialect writes
 * them) and whose names are quoted with backticks.
 */
public final class SqlScript {

    private SqlScript() {
    }

    public static List<String> split(String script) {
        return split(script, false);
    }

    public static List<String> splitSpark(String script) {
        return split(script, true);
    }

    private static List<String> split(String script, boolean spark) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int i = 0;
        int n = script.length();
        while (i < n) {
            char c = script.charAt(i);
            if (spark && (c == '\'' || c == '"')) {
                int end = i + 1;
                while (end < n && script.charAt(end) != c) {
                    end += script.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(end, n - 1);
                current.append(script, i, end + 1);
                i = end + 1;
            } else if (c == '\'' || c == '"' || (spark && c == '`')) {
                int end = script.indexOf(c, i + 1);
                while (end > 0 && end + 1 < n && script.charAt(end + 1) == c) {
                    end = script.indexOf(c, end + 2);
                }
                end = end < 0 ? n - 1 : end;
                current.append(script, i, end + 1);
                i = end + 1;
            } else if (c == '-' && i + 1 < n && script.charAt(i + 1) == '-') {
                int end = script.indexOf('\n', i);
                end = end < 0 ? n : end;
                current.append(script, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && script.charAt(i + 1) == '*') {
                int end = script.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                current.append(script, i, end);
                i = end;
            } else if (c == ';') {
                add(statements, current);
                current.setLength(0);
                i++;
            } else {
                current.append(c);
                i++;
            }
        }
        add(statements, current);
        return statements;
    }

    private static void add(List<String> statements, StringBuilder statement) {
        String text = statement.toString().strip();
        // A chunk of only comments (a step header) is not a statement.
        String withoutComments = text.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("--[^\\n]*", "").strip();
        if (!withoutComments.isEmpty()) {
            statements.add(text);
        }
    }
}
