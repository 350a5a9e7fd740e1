package io.loadsmith.load.web;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

import org.unbescape.html.HtmlEscape;

/**
 * Generated SQL as the code view's escaped lines, kept for the last texts shown. Generation keeps its
 * results, so a preview drawn again gets the same SQL (often the same String) and its lines from here;
 * escaping and splitting it anew was a sixth of a live preview's CPU (bench 17's profile, 2026-12-07).
 */
final class EscapedSql {

    // Texts that come and go (a form being typed): a full map starts again empty, as StoreCache does.
    private static final int LIMIT = 64;
    private static final ConcurrentHashMap<String, String> LINES = new ConcurrentHashMap<>();

    private EscapedSql() {
    }

    static String lines(String sql) {
        String cached = LINES.get(sql);
        if (cached != null) {
            return cached;
        }
        if (LINES.size() >= LIMIT) {
            LINES.clear();
        }
        String lines = escape(sql);
        LINES.put(sql, lines);
        return lines;
    }

    /**
     * Each line in {@code <span class="line">…</span>}, escaped as th:text escapes. The lines are
     * those of {@code split("\r?\n")} (trailing empty ones dropped), found without compiling that
     * pattern on every call, which cost more than the escaping.
     */
    static String escape(String sql) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int newline = sql.indexOf('\n'); newline >= 0; newline = sql.indexOf('\n', start)) {
            lines.add(sql.substring(start, newline > start && sql.charAt(newline - 1) == '\r' ? newline - 1 : newline));
            start = newline + 1;
        }
        boolean split = !lines.isEmpty();
        lines.add(sql.substring(start));
        while (split && !lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        StringBuilder html = new StringBuilder(sql.length() + sql.length() / 4);
        for (String line : lines) {
            html.append("<span class=\"line\">").append(HtmlEscape.escapeHtml4Xml(line)).append("</span>\n");
        }
        return html.toString();
    }
}
