package io.loadsmith.tryit.web;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.loadsmith.exchange.Csv;
import io.loadsmith.tryit.Sandbox;
import io.loadsmith.tryit.TryPlan;

/**
 * Pasted CSV into a table's grid: the first line names columns (any order, any case), the rest are rows,
 * each value of the column's type.
 */
final class CsvRows {

    private CsvRows() {
    }

    /**
     * Replaces {@code rows} with the CSV's; on a problem, leaves them and says what is wrong.
     *
     * @param badCell the first value of the rows its column's type cannot take, in words, or null
     */
    static String replace(TryPlan.InputTable table, List<List<String>> rows, String text,
                          Function<List<List<String>>, String> badCell) {
        List<Csv.Line> lines;
        try {
            lines = Csv.parse(text == null ? "" : text);
        } catch (Csv.UnclosedQuote e) {
            return "The CSV for " + table.name() + ": the quote that opens on line " + e.line + " is not closed;"
                    + " close it with \", and write a \" inside a quoted value as \"\".";
        }
        if (lines.isEmpty()) {
            return "The CSV for " + table.name() + " is empty: give a header line with column names, then rows.";
        }
        List<String> header = lines.get(0).fields();
        int[] positions = new int[header.size()];
        for (int h = 0; h < header.size(); h++) {
            positions[h] = -1;
            for (int c = 0; c < table.columns().size(); c++) {
                if (table.columns().get(c).name().equalsIgnoreCase(header.get(h) == null ? "" : header.get(h).strip())) {
                    positions[h] = c;
                }
            }
            if (positions[h] < 0) {
                return "The CSV for " + table.name() + ": column " + (h + 1) + " of the header, '" + header.get(h)
                        + "', is not a column of the table; its columns: " + String.join(", ",
                        table.columns().stream().map(TryPlan.Column::name).toList()) + ".";
            }
        }
        if (lines.size() - 1 > Sandbox.MAX_ROWS) {
            return "The CSV for " + table.name() + " has " + (lines.size() - 1) + " rows; the sandbox takes at most "
                    + Sandbox.MAX_ROWS + ".";
        }
        List<List<String>> parsed = new ArrayList<>();
        for (int l = 1; l < lines.size(); l++) {
            List<String> line = lines.get(l).fields();
            if (line.size() != header.size()) {
                return "The CSV for " + table.name() + ": line " + lines.get(l).number() + " has " + line.size()
                        + " fields, the header " + header.size() + ".";
            }
            List<String> row = new ArrayList<>();
            table.columns().forEach(c -> row.add(null));
            for (int h = 0; h < header.size(); h++) {
                row.set(positions[h], line.get(h));
            }
            parsed.add(row);
        }
        String bad = badCell.apply(parsed);
        if (bad != null) {
            return "The CSV for " + table.name() + " was not used: " + bad;
        }
        rows.clear();
        rows.addAll(parsed);
        return null;
    }
}
