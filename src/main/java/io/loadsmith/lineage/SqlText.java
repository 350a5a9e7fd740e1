package io.loadsmith.lineage;

import java.util.ArrayList;
import java.util.List;

/**
 * SQL text cut into what the sandbox and the lineage read: statements (split at ';' outside quotes,
 * comments and dollar quotes) and their words with comments and string literals blanked out, so that
 * a table name inside a comment or a literal never counts as a reference.
 */
public final class SqlText {

    private SqlText() {
    }

    /** The statements of a script; chunks that hold only comments (step headers) are not statements. */
    public static List<String> statements(String script) {
        List<String> statements = new ArrayList<>();
        int start = 0;
        int i = 0;
        int n = script.length();
        while (i < n) {
            int skip = skip(script, i);
            if (skip > i) {
                i = skip;
            } else if (script.charAt(i) == ';') {
                add(statements, script.substring(start, i));
                start = ++i;
            } else {
                i++;
            }
        }
        add(statements, script.substring(start));
        return statements;
    }

    /** The text with comments and quoted strings replaced by spaces (double-quoted names are kept). */
    public static String code(String sql) {
        StringBuilder out = new StringBuilder(sql.length());
        int i = 0;
        int n = sql.length();
        while (i < n) {
            int skip = skip(sql, i);
            if (skip > i && sql.charAt(i) != '"') {
                out.append(" ".repeat(skip - i));
                i = skip;
            } else if (skip > i) {
                out.append(sql, i, skip);
                i = skip;
            } else {
                out.append(sql.charAt(i++));
            }
        }
        return out.toString();
    }

    /** Past the quoted string, comment or dollar-quoted text that starts at {@code i}; {@code i} if none does. */
    private static int skip(String s, int i) {
        char c = s.charAt(i);
        int n = s.length();
        if (c == '\'' || c == '"') {
            int j = i + 1;
            while (j < n) {
                if (s.charAt(j) == c) {
                    if (j + 1 < n && s.charAt(j + 1) == c) {
                        j += 2;
                        continue;
                    }
                    return j + 1;
                }
                j++;
            }
            return n;
        }
        if (s.startsWith("--", i)) {
            int end = s.indexOf('\n', i);
            return end < 0 ? n : end;
        }
        if (s.startsWith("/*", i)) {
            int end = s.indexOf("*/", i + 2);
            return end < 0 ? n : end + 2;
        }
        if (c == '$') {
            int close = s.indexOf('$', i + 1);
            if (close > 0 && s.substring(i + 1, close).matches("[A-Za-z_]*")) {
                String tag = s.substring(i, close + 1);
                int end = s.indexOf(tag, close + 1);
                return end < 0 ? n : end + tag.length();
            }
        }
        return i;
    }

    private static void add(List<String> statements, String chunk) {
        String text = chunk.strip();
        if (!code(text).isBlank()) {
            statements.add(text);
        }
    }
}
