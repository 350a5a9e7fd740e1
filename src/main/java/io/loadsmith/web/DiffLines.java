package io.loadsmith.web;

import java.util.ArrayList;
import java.util.List;

/**
 * A unified diff as the pages draw it: each line with its kind ({@code added}, {@code removed},
 * {@code kept}, {@code hunk}, {@code file}) and, where a removed line is followed by the added
 * line that replaced it, the part that changed marked in both, so the eye goes to it.
 */
public final class DiffLines {

    /** A piece of a line; {@code changed} pieces are the in-line difference. */
    public record Segment(String text, boolean changed) {
    }

    public record Line(String kind, List<Segment> segments) {
        public String text() {
            StringBuilder text = new StringBuilder();
            segments.forEach(s -> text.append(s.text()));
            return text.toString();
        }
    }

    private DiffLines() {
    }

    /** The lines of a unified diff text (as {@code UnifiedDiffUtils} writes it). */
    public static List<Line> of(String unified) {
        return unified == null ? List.of() : of(unified.lines().toList());
    }

    public static List<Line> of(List<String> unified) {
        List<String> kinds = kinds(unified);
        List<Line> lines = new ArrayList<>();
        int i = 0;
        while (i < unified.size()) {
            if (!kinds.get(i).equals("removed")) {
                lines.add(new Line(kinds.get(i), plain(unified.get(i))));
                i++;
                continue;
            }
            int removedEnd = i;
            while (removedEnd < unified.size() && kinds.get(removedEnd).equals("removed")) {
                removedEnd++;
            }
            int addedEnd = removedEnd;
            while (addedEnd < unified.size() && kinds.get(addedEnd).equals("added")) {
                addedEnd++;
            }
            int removed = removedEnd - i;
            int added = addedEnd - removedEnd;
            List<Line> after = new ArrayList<>();
            for (int r = 0; r < removed; r++) {
                String x = unified.get(i + r);
                if (r < added) {
                    String y = unified.get(removedEnd + r);
                    List<List<Segment>> marked = mark(x, y);
                    lines.add(new Line("removed", marked.get(0)));
                    after.add(new Line("added", marked.get(1)));
                } else {
                    lines.add(new Line("removed", plain(x)));
                }
            }
            for (int a = 0; a < added; a++) {
                lines.add(a < after.size() ? after.get(a) : new Line("added", plain(unified.get(removedEnd + a))));
            }
            i = addedEnd;
        }
        return lines;
    }

    /** Each line's kind; the ---/+++ file header only before the first hunk (a removed "-- comment" is "--- comment"). */
    private static List<String> kinds(List<String> unified) {
        List<String> kinds = new ArrayList<>();
        boolean inHunk = false;
        for (String line : unified) {
            if (line.startsWith("@@")) {
                inHunk = true;
                kinds.add("hunk");
            } else if (!inHunk && (line.startsWith("---") || line.startsWith("+++"))) {
                kinds.add("file");
            } else {
                kinds.add(line.startsWith("+") ? "added" : line.startsWith("-") ? "removed" : "kept");
            }
        }
        return kinds;
    }

    /** A removed line and the added line that replaced it, the part between their common ends marked. */
    private static List<List<Segment>> mark(String removed, String added) {
        String x = removed.substring(1);
        String y = added.substring(1);
        int max = Math.min(x.length(), y.length());
        int prefix = 0;
        while (prefix < max && x.charAt(prefix) == y.charAt(prefix)) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < max - prefix && x.charAt(x.length() - 1 - suffix) == y.charAt(y.length() - 1 - suffix)) {
            suffix++;
        }
        // Lines with little in common are simply replaced: marking all of them says nothing.
        if (prefix + suffix == 0 || prefix + suffix < Math.min(x.strip().length(), y.strip().length()) / 4) {
            return List.of(plain(removed), plain(added));
        }
        return List.of(segments("-", x, prefix, suffix), segments("+", y, prefix, suffix));
    }

    private static List<Segment> segments(String sign, String text, int prefix, int suffix) {
        List<Segment> segments = new ArrayList<>();
        segments.add(new Segment(sign + text.substring(0, prefix), false));
        String middle = text.substring(prefix, text.length() - suffix);
        if (!middle.isEmpty()) {
            segments.add(new Segment(middle, true));
        }
        if (suffix > 0) {
            segments.add(new Segment(text.substring(text.length() - suffix), false));
        }
        return segments;
    }

    private static List<Segment> plain(String line) {
        return List.of(new Segment(line, false));
    }
}
