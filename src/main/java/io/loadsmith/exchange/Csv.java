package io.loadsmith.exchange;

import java.util.ArrayList;
import java.util.List;

/**
 * CSV text (RFC 4180: double quotes, "" inside quotes; commas, or another one-character delimiter);
 * an empty unquoted field is NULL. Shared by the sample rows of "Try it" and the mapping import.
 */
public final class Csv {

    /** A record and the line it starts on (from 1), which differs from its index after blank or multi-line records. */
    public record Line(int number, List<String> fields) {
    }

    /** A quoted field runs to the end of the text; {@code line} is where its quote opens. */
    public static final class UnclosedQuote extends Exception {
        public final int line;

        UnclosedQuote(int line) {
            super("quote on line " + line + " is not closed");
            this.line = line;
        }
    }

    private Csv() {
    }

    public static List<Line> parse(String text) throws UnclosedQuote {
        return parse(text, ',');
    }

    public static List<Line> parse(String text, char delimiter) throws UnclosedQuote {
        List<Line> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        int line = 1;
        int rowStart = 1;
        int quoteLine = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            boolean newline = c == '\n' || c == '\r';
            if (c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') {
                i++;
            }
            if (quoted) {
                if (c == '"' && i + 1 < n && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(newline ? '\n' : c);
                }
            } else if (c == '"') {
                quoted = true;
                wasQuoted = true;
                quoteLine = line;
            } else if (c == delimiter) {
                row.add(value(field, wasQuoted));
                field.setLength(0);
                wasQuoted = false;
            } else if (newline) {
                row.add(value(field, wasQuoted));
                field.setLength(0);
                wasQuoted = false;
                addRow(rows, rowStart, row);
                row = new ArrayList<>();
                rowStart = line + 1;
            } else {
                field.append(c);
            }
            if (newline) {
                line++;
            }
            i++;
        }
        if (quoted) {
            throw new UnclosedQuote(quoteLine);
        }
        if (!field.isEmpty() || wasQuoted || !row.isEmpty()) {
            row.add(value(field, wasQuoted));
        }
        addRow(rows, rowStart, row);
        return rows;
    }

    private static String value(StringBuilder field, boolean quoted) {
        return field.isEmpty() && !quoted ? null : field.toString();
    }

    private static void addRow(List<Line> rows, int number, List<String> row) {
        boolean blank = row.isEmpty() || row.size() == 1 && row.get(0) == null;
        if (!blank) {
            rows.add(new Line(number, row));
        }
    }
}
