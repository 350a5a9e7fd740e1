package io.loadsmith.engine;

import java.util.ArrayList;
import java.util.List;

/** Splits a SQL script into statements at ';', ignoring those in quotes and comments. */
public final class SqlScript {

    private SqlScript() {
    }

    public static List<String> split(String script) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int i = 0;
        int n = script.length();
        while (i < n) {
            char c = script.charAt(i);
            if (c == '\'' || c == '"') {
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
