package io.loadsmith.tryit.web;

import java.util.ArrayList;
import java.util.List;

/** Pasted CSV (RFC 4180: commas, double quotes, "" inside quotes); an empty unquoted field is NULL. */
final class Csv {

    private Csv() {
    }

    static List<List<String>> parse(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < n && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
                wasQuoted = true;
            } else if (c == ',') {
                row.add(value(field, wasQuoted));
                field.setLength(0);
                wasQuoted = false;
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') {
                    i++;
                }
                row.add(value(field, wasQuoted));
                field.setLength(0);
                wasQuoted = false;
                addRow(rows, row);
                row = new ArrayList<>();
            } else {
                field.append(c);
            }
            i++;
        }
        if (!field.isEmpty() || wasQuoted || !row.isEmpty()) {
            row.add(value(field, wasQuoted));
        }
        addRow(rows, row);
        return rows;
    }

    private static String value(StringBuilder field, boolean quoted) {
        return field.isEmpty() && !quoted ? null : field.toString();
    }

    private static void addRow(List<List<String>> rows, List<String> row) {
        boolean blank = row.isEmpty() || row.size() == 1 && row.get(0) == null;
        if (!blank) {
            rows.add(row);
        }
    }
}
