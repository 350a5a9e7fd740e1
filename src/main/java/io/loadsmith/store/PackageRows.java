package io.loadsmith.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;

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
