package io.loadsmith.audit.web;

import java.util.List;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;

import io.loadsmith.exchange.CanonicalJson;
import tools.jackson.databind.JsonNode;

/**
 * An event's before and after as the page shows them: each pretty-printed (null where the object
 * did not exist), and for an update a line diff of the two, each line marked added, removed, kept
 * or as a hunk header.
 */
public record JsonChange(String before, String after, List<Line> diff) {

    /** Lines of context around each change: enough to see which attribute or step a change is in. */
    private static final int CONTEXT = 4;

    public record Line(String kind, String text) {
    }

    public static JsonChange of(JsonNode before, JsonNode after) {
        String was = before == null ? null : CanonicalJson.write(before);
        String is = after == null ? null : CanonicalJson.write(after);
        return new JsonChange(was, is, was == null || is == null ? List.of() : diff(was, is));
    }

    private static List<Line> diff(String before, String after) {
        List<String> x = before.lines().toList();
        List<String> y = after.lines().toList();
        return UnifiedDiffUtils.generateUnifiedDiff("before", "after", x, DiffUtils.diff(x, y), CONTEXT).stream()
                .skip(2) // the ---/+++ file header: the page says what before and after are
                .map(line -> new Line(kind(line), line))
                .toList();
    }

    private static String kind(String line) {
        return line.startsWith("@@") ? "hunk" : line.startsWith("+") ? "added" : line.startsWith("-") ? "removed" : "kept";
    }
}
