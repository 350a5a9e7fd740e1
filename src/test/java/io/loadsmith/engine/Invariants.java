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
}
