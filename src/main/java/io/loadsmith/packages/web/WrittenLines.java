package io.loadsmith.packages.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.packages.PackageImporter.Written;

/**
 * What an import wrote, for its report: one line per change and kind, in the order written, e.g.
 * "Created 2 transformation types: CONCAT, TRIM". The unchanged are only counted, never named.
 */
public record WrittenLines(String change, String kind, List<String> names) {

    public static List<WrittenLines> of(List<Written> written) {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        written.forEach(w -> groups.computeIfAbsent(w.change() + "\n" + w.kind(), k -> new ArrayList<>()).add(w.name()));
        List<WrittenLines> lines = new ArrayList<>();
        groups.forEach((key, names) -> {
            String[] parts = key.split("\n", 2);
            lines.add(new WrittenLines(parts[0], parts[1], List.copyOf(names)));
        });
        return lines;
    }

    /** "Created 2 transformation types:" */
    public String heading() {
        String plural = names.size() == 1 ? kind : kind + "s";
        return Character.toUpperCase(change.charAt(0)) + change.substring(1) + " " + names.size() + " " + plural + ":";
    }
}
