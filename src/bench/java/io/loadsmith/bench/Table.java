package io.loadsmith.bench;

import java.util.ArrayList;
import java.util.List;

/** A markdown table of results, one row per measurement. */
final class Table {

    private final String title;
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    Table(String title, String... header) {
        this.title = title;
        this.header = List.of(header);
    }

    Table row(Object... cells) {
        rows.add(java.util.Arrays.stream(cells).map(String::valueOf).toList());
        return this;
    }

    /** Ends what the bench writes of a section: text below it, up to the next section, is kept on a rerun. */
    static final String END = "<!-- end of the generated table: text below is written by hand and kept on a rerun -->";

    Table note(String note) {
        notes.add(note);
        return this;
    }

    String markdown() {
        StringBuilder out = new StringBuilder("## ").append(title).append("\n\n");
        out.append("| ").append(String.join(" | ", header)).append(" |\n");
        out.append("|").append(" --- |".repeat(header.size())).append("\n");
        rows.forEach(r -> out.append("| ").append(String.join(" | ", r)).append(" |\n"));
        notes.forEach(n -> out.append("\n").append(n).append("\n"));
        return out.append("\n").append(END).append("\n\n").toString();
    }

    static String f1(double value) {
        return String.format(java.util.Locale.ROOT, "%.1f", value);
    }

    static String f2(double value) {
        return String.format(java.util.Locale.ROOT, "%.2f", value);
    }
}
