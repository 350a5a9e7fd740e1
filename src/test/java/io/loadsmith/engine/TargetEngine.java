package io.loadsmith.engine;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;


/**
 * A real database engine that generated SQL runs on in tests: PostgreSQL 17 (embedded binaries,
 * the JVM's one server, shared with the store tests), DuckDB and H2 (in process). Each {@link #open()} gives a fresh, empty database.
 */
public enum TargetEngine {

    POSTGRESQL("postgresql") {
        @Override
        public Connection open() throws SQLException {
            String db = "t" + System.nanoTime();
            try (Connection admin = io.loadsmith.store.EmbeddedPostgresHolder.server().getPostgresDatabase().getConnection();
                 Statement st = admin.createStatement()) {
                st.execute("CREATE DATABASE " + db);
            }
            return io.loadsmith.store.EmbeddedPostgresHolder.server().getDatabase("postgres", db).getConnection();
        }
    },
    DUCKDB("duckdb") {
        @Override
        public Connection open() throws SQLException {
            return DriverManager.getConnection("jdbc:duckdb:");
        }
    },
    H2("h2") {
        @Override
        public Connection open() throws SQLException {
            return DriverManager.getConnection("jdbc:h2:mem:t" + System.nanoTime() + ";DB_CLOSE_DELAY=0", "sa", "");
        }
    };

    private final String dialect;

    TargetEngine(String dialect) {
        this.dialect = dialect;
    }

    public String dialect() {
        return dialect;
    }

    public abstract Connection open() throws SQLException;

    /** Runs a script of statements separated by ';' (outside quotes and comments). */
    public static void execute(Connection connection, String script) throws SQLException {
        for (String statement : SqlScript.split(script)) {
            try (Statement st = connection.createStatement()) {
                st.execute(statement);
            } catch (SQLException e) {
                throw new SQLException(e.getMessage() + "\n--- in statement ---\n" + statement, e);
            }
        }
    }

    /** The rows of a query, each as a list of values rendered by {@link #text(Object)}. */
    public static List<List<String>> rows(Connection connection, String query) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(query)) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.add(text(rs.getObject(i)));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** Engine-independent text: timestamps as yyyy-MM-dd HH:mm:ss[.ffffff], numbers plain, CHAR unpadded. */
    static String text(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof java.sql.Timestamp ts) {
            return timestamp(ts.toLocalDateTime());
        }
        if (value instanceof java.time.LocalDateTime ldt) {
            return timestamp(ldt);
        }
        if (value instanceof java.time.OffsetDateTime odt) {
            return timestamp(odt.toLocalDateTime());
        }
        if (value instanceof Number n) {
            return new java.math.BigDecimal(n.toString()).stripTrailingZeros().toPlainString();
        }
        return value.toString().stripTrailing();
    }

    private static String timestamp(java.time.LocalDateTime t) {
        String base = t.format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        return t.getNano() == 0 ? base : base + String.format(".%06d", t.getNano() / 1000);
    }
}
