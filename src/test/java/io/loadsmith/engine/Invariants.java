package io.loadsmith.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The invariants every SCD2 history must keep, checked with SQL on the engine itself: at most one
 * current row per key, no overlapping intervals, valid_from before valid_to, current flag exactly
 * when the interval is open (valid_to at the end of time).
 */
final class Invariants {

    private Invariants() {
    }

    static void check(Connection db, String table, String key, String from, String to, String current) throws SQLException {
        assertThat(TargetEngine.rows(db, "SELECT " + key + " FROM " + table + " WHERE " + current
                + " = 1 GROUP BY " + key + " HAVING COUNT(*) > 1")).as("keys with more than one current row").isEmpty();
        assertThat(TargetEngine.rows(db, "SELECT a." + key + " FROM " + table + " a JOIN " + table + " b ON a." + key
                + " = b." + key + " AND a." + from + " < b." + from + " AND b." + from + " < a." + to))
                .as("overlapping intervals").isEmpty();
        assertThat(TargetEngine.rows(db, "SELECT " + key + " FROM " + table + " WHERE NOT (" + from + " < " + to + ")"))
                .as("rows with valid_from not before valid_to").isEmpty();
        assertThat(TargetEngine.rows(db, "SELECT " + key + " FROM " + table + " WHERE (" + current
                + " = 1) <> (" + to + " = TIMESTAMP '9999-12-31 00:00:00')"))
                .as("rows whose current flag disagrees with an open end").isEmpty();
    }

    /**
     * The same invariants for any history table: {@code key} may be composite; the open end is
     * either NULL ({@code openEndIsNull}) or 9999-12-31; {@code current} is an optional flag column
     * (1/0 or TRUE/FALSE), null when the table has none.
     */
    static void history(Connection db, String table, java.util.List<String> key, String from, String to,
            String current, boolean openEndIsNull) throws SQLException {
        String keys = String.join(", ", key);
        String join = String.join(" AND ", key.stream().map(k -> "a." + k + " = b." + k).toList());
        String open = openEndIsNull ? to + " IS NULL" : to + " = TIMESTAMP '9999-12-31 00:00:00'";
        String aOpen = openEndIsNull ? "a." + to + " IS NULL" : "a." + to + " = TIMESTAMP '9999-12-31 00:00:00'";
        assertThat(TargetEngine.rows(db, "SELECT " + keys + " FROM " + table + " WHERE " + open
                + " GROUP BY " + keys + " HAVING COUNT(*) > 1")).as("keys with more than one open row").isEmpty();
        assertThat(TargetEngine.rows(db, "SELECT a." + from + " FROM " + table + " a JOIN " + table + " b ON " + join
                + " AND a." + from + " < b." + from + " AND (" + aOpen + " OR b." + from + " < a." + to + ")"))
                .as("overlapping intervals").isEmpty();
        assertThat(TargetEngine.rows(db, "SELECT a." + from + " FROM " + table + " a JOIN " + table + " b ON " + join
                + " AND a." + from + " = b." + from + " GROUP BY a." + from + ", " + String.join(", ", key.stream().map(k -> "a." + k).toList())
                + " HAVING COUNT(*) > 1")).as("two versions of a key with the same start").isEmpty();
        assertThat(TargetEngine.rows(db, "SELECT " + keys + " FROM " + table + " WHERE NOT (" + open + ") AND NOT ("
                + from + " < " + to + ")")).as("closed rows with valid_from not before valid_to").isEmpty();
        if (current != null) {
            assertThat(TargetEngine.rows(db, "SELECT " + keys + " FROM " + table + " WHERE (CASE WHEN CAST(" + current
                    + " AS INTEGER) = 1 THEN 1 ELSE 0 END) <> (CASE WHEN " + open + " THEN 1 ELSE 0 END)"))
                    .as("rows whose current flag disagrees with an open end").isEmpty();
        }
    }
}
