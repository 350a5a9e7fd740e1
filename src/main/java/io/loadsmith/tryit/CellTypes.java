package io.loadsmith.tryit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

/**
 * Whether text values fit their columns' DuckDB types, asked of DuckDB with TRY_CAST: the cast an
 * INSERT of text into the column does, so a value that passes here loads, and one that does not is
 * named by row and column instead of DuckDB's message about the whole row.
 */
final class CellTypes {

    /** A value its column's type cannot take; {@code row} counts from 1. */
    record Problem(int row, String column, String value, String type, String example) {

        String message() {
            return "row " + row + ", column " + column + ": '" + value + "' is not of type " + type
                    + (example == null ? "" : " (such as " + example + ")") + ".";
        }
    }

    private CellTypes() {
    }

    /** The first value, row by row, that its column cannot take; null when all fit (NULLs always do). */
    static Problem first(Sandbox sandbox, Connection db, List<TryPlan.Column> columns, List<List<String>> rows)
            throws SQLException {
        Problem first = null;
        for (int c = 0; c < columns.size(); c++) {
            TryPlan.Column column = columns.get(c);
            // Every text is a VARCHAR: only the other types can refuse one.
            if (column.type().toUpperCase(Locale.ROOT).startsWith("VARCHAR")) {
                continue;
            }
            Object[] values = new Object[rows.size()];
            for (int r = 0; r < rows.size(); r++) {
                values[r] = c < rows.get(r).size() ? rows.get(r).get(c) : null;
            }
            int row = firstRefused(sandbox, db, column.type(), values);
            if (row > 0 && (first == null || row < first.row())) {
                first = new Problem(row, column.name(), (String) values[row - 1], column.type(),
                        SampleRows.value(column, 1));
            }
        }
        return first;
    }

    /** One query per column, the values as one list: 1-based position of the first refused value, or 0. */
    private static int firstRefused(Sandbox sandbox, Connection db, String type, Object[] values) throws SQLException {
        // The type is DuckDB's own (DESCRIBE), not the user's text.
        String sql = "SELECT min(i) FROM unnest(?::VARCHAR[]) WITH ORDINALITY AS u(v, i)"
                + " WHERE v IS NOT NULL AND TRY_CAST(v AS " + type + ") IS NULL";
        try (PreparedStatement st = db.prepareStatement(sql)) {
            st.setArray(1, db.createArrayOf("VARCHAR", values));
            return sandbox.watched(st, s -> {
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? rs.getInt(1) : 0;
                }
            });
        }
    }
}
