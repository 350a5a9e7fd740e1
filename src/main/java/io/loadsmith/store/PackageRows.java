package io.loadsmith.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What the JDBC readers of a package's rows (its entities, its loads) share: one statement per
 * table, bound to the package's name, and the column conversions JPA would have made.
 */
public final class PackageRows {

    /** Rows per round trip: PostgreSQL's driver would otherwise hold a whole result (1.5 million attributes) at once. */
    private static final int FETCH_SIZE = 5000;

    private PackageRows() {
    }

    /** {@code sql} with its one parameter, the package's name. */
    public static PreparedStatement prepare(Connection connection, String sql, String packageName) throws SQLException {
        PreparedStatement st = connection.prepareStatement(sql);
        st.setFetchSize(FETCH_SIZE);
        st.setString(1, packageName);
        return st;
    }

    /** Reads the package's rows of one kind over one connection. */
    @FunctionalInterface
    public interface Reader<T> {
        List<T> read(Connection connection, String packageName) throws SQLException;
    }

    /** What {@code reader} reads of the package, on one connection of {@code jdbc}'s. */
    public static <T> List<T> read(JdbcTemplate jdbc, String packageName, Reader<T> reader) {
        return jdbc.execute((ConnectionCallback<List<T>>) connection -> reader.read(connection, packageName));
    }

    /** What one row becomes. */
    @FunctionalInterface
    public interface Row<T> {
        T read(ResultSet rs) throws SQLException;
    }

    /** What is done with one row. */
    @FunctionalInterface
    public interface RowAction {
        void accept(ResultSet rs) throws SQLException;
    }

    /** Runs {@code sql} for the package and hands each row to {@code action}. */
    public static void each(Connection connection, String sql, String packageName, RowAction action)
            throws SQLException {
        try (PreparedStatement st = prepare(connection, sql, packageName); ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                action.accept(rs);
            }
        }
    }

    /** The rows of {@code sql} in its order, grouped by its first column, the id of the row they belong to. */
    public static <T> Map<Long, List<T>> byOwner(Connection connection, String sql, String packageName, Row<T> row)
            throws SQLException {
        Map<Long, List<T>> owned = new HashMap<>();
        each(connection, sql, packageName, rs -> owned.computeIfAbsent(rs.getLong(1), id -> new ArrayList<>())
                .add(row.read(rs)));
        return owned;
    }

    /** A nullable integer column. */
    public static Integer integer(ResultSet rs, int column) throws SQLException {
        int value = rs.getInt(column);
        return rs.wasNull() ? null : value;
    }

    /** A nullable {@code timestamp with time zone} column. */
    public static Instant instant(ResultSet rs, int column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
