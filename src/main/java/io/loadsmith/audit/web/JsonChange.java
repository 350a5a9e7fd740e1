package io.loadsmith.audit.web;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;

import io.loadsmith.exchange.CanonicalJson;
import io.loadsmith.web.DiffLines;
import tools.jackson.databind.JsonNode;

/**
 * An event's before and after as the page shows them: each pretty-printed (null where the object
 * did not exist), a string of several lines (a step's SQL, a template's text) written as its lines
 * between {@code """} rather than as one escaped string, and for an update a line diff of the two,
 * each line marked added, removed, kept or as a hunk header, with the changed part of a replaced
 * line marked.
 */
public record JsonChange(String before, String after, List<DiffLines.Line> diff) {

    /** Lines of context around each change: enough to see which attribute or step a change is in. */
    private static final int CONTEXT = 4;

    /**
     * A JSON line holding one string value: indent, optional {@code "key": }, the string, optional
     * comma. Possessive, so a long step's text does not overflow the regex engine's stack.
     */
    private static final Pattern STRING_LINE =
            Pattern.compile("^(\\s*+)(\"(?:[^\"\\\\]++|\\\\.)*+\"\\s*+:\\s*+)?\"((?:[^\"\\\\]++|\\\\.)*+)\"(,?)$");

    public static JsonChange of(JsonNode before, JsonNode after) {
        String was = before == null ? null : readable(CanonicalJson.write(before));
        String is = after == null ? null : readable(CanonicalJson.write(after));
        return new JsonChange(was, is, was == null || is == null ? List.of() : diff(was, is));
    }

    private static List<DiffLines.Line> diff(String before, String after) {
        List<String> x = before.lines().toList();
        List<String> y = after.lines().toList();
        return DiffLines.of(UnifiedDiffUtils.generateUnifiedDiff("before", "after", x, DiffUtils.diff(x, y), CONTEXT)
                .stream()
                .skip(2) // the ---/+++ file header: the page says what before and after are
                .toList());
    }

    /** Pretty-printed JSON with each multi-line string value spread over its lines, for people to read. */
    static String readable(String json) {
        List<String> out = new ArrayList<>();
        for (String line : json.lines().toList()) {
            Matcher m = STRING_LINE.matcher(line);
            if (!m.matches() || !m.group(3).contains("\\n")) {
                out.add(line);
                continue;
            }
            String indent = m.group(1);
            out.add(indent + (m.group(2) == null ? "" : m.group(2)) + "\"\"\"");
            for (String text : unescape(m.group(3)).split("\n", -1)) {
                out.add(indent + "  " + text);
            }
            out.add(indent + "\"\"\"" + m.group(4));
        }
        return String.join("\n", out);
    }

    private static String unescape(String s) {
        StringBuilder text = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) {
                text.append(c);
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'n' -> text.append('\n');
                case 't' -> text.append('\t');
                case 'r' -> text.append('\r');
                case 'b' -> text.append('\b');
                case 'f' -> text.append('\f');
                case 'u' -> {
                    if (i + 4 < s.length()) {
                        text.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                        i += 4;
                    }
                }
                default -> text.append(e);
            }
        }
        return text.toString();
    }
}
