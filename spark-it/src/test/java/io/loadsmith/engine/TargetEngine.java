package io.loadsmith.engine;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Assumptions;

/**
 * The spark-it stand-in for the main build's TargetEngine: the same API, so the scenario tests of
 * ../src/test/java/io/loadsmith/engine run unchanged. SPARK is Spark SQL with Delta Lake in local
 * mode (dialect databricks) behind a minimal JDBC-shaped facade; the other engines run in the main
 * build and are skipped here.
 */
public enum TargetEngine {

    POSTGRESQL("postgresql"),
    DUCKDB("duckdb"),
    H2("h2"),
    SPARK("databricks") {
        @Override
        public Connection open() throws SQLException {
            SparkSession spark = SparkHolder.session();
            for (Row schema : spark.sql("SHOW SCHEMAS").collectAsList()) {
                String name = schema.getString(0);
                if (!"default".equalsIgnoreCase(name)) {
                    spark.sql("DROP SCHEMA " + name + " CASCADE");
                }
            }
            return SparkJdbc.connection(spark);
        }
    };

    private final String dialect;

    TargetEngine(String dialect) {
        this.dialect = dialect;
    }

    public String dialect() {
        return dialect;
    }

    public Connection open() throws SQLException {
        Assumptions.abort(name() + " runs in the main build, not in spark-it");
        return null;
    }

    /** Runs a script of statements separated by ';' (outside quotes, comments and names), as Spark SQL reads them. */
    public static void execute(Connection connection, String script) throws SQLException {
        for (String statement : SqlScript.splitSpark(script)) {
            try (Statement st = connection.createStatement()) {
                st.execute(statement);
            } catch (SQLException e) {
                throw new SQLException(e.getMessage() + "\n--- in statement ---\n" + statement, e);
            }
        }
    }

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

    /** Engine-independent text, as in the main build. */
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
        if (value instanceof java.time.Instant instant) {
            return timestamp(java.time.LocalDateTime.ofInstant(instant, java.time.ZoneOffset.UTC));
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

    /** One local Spark session with Delta Lake per test JVM. */
    static final class SparkHolder {
        private static SparkSession session;

        static synchronized SparkSession session() {
            if (session == null) {
                session = SparkSession.builder()
                        .master("local[2]")
                        .appName("loadsmith-spark-it")
                        .config("spark.ui.enabled", "false")
                        .config("spark.sql.shuffle.partitions", "1")
                        .config("spark.default.parallelism", "1")
                        .config("spark.sql.session.timeZone", "UTC")
                        .config("spark.sql.warehouse.dir", new java.io.File("target/spark-warehouse").getAbsolutePath())
                        .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
                        .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
                        .config("spark.sql.sources.default", "delta")
                        // CREATE TABLE without USING makes a Delta table, as on Databricks
                        .config("spark.sql.legacy.createHiveTableByDefault", "false")
                        .config("spark.databricks.delta.snapshotPartitions", "1")
                        .getOrCreate();
                session.sparkContext().setLogLevel("ERROR");
            }
            return session;
        }
    }

    /** A JDBC-shaped facade over a SparkSession: just what the tests use. */
    static final class SparkJdbc {

        private SparkJdbc() {
        }

        static Connection connection(SparkSession spark) {
            return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "createStatement" -> statement(spark);
                        case "prepareStatement" -> prepared(spark, (String) args[0]);
                        case "close", "rollback", "commit" -> null;
                        case "isClosed" -> false;
                        case "getAutoCommit" -> true;
                        case "toString" -> "SparkJdbc";
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default -> throw new SQLException("not supported in spark-it: Connection." + method.getName());
                    });
        }

        private static Statement statement(SparkSession spark) {
            return (Statement) Proxy.newProxyInstance(Statement.class.getClassLoader(), new Class<?>[] {Statement.class},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "execute" -> {
                            run(spark, (String) args[0]);
                            yield Boolean.FALSE;
                        }
                        case "executeQuery" -> resultSet(spark, (String) args[0]);
                        case "close" -> null;
                        case "toString" -> "SparkJdbc.Statement";
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default -> throw new SQLException("not supported in spark-it: Statement." + method.getName());
                    });
        }

        /**
         * Values bound with Spark's positional parameters (spark.sql(text, values), Spark 3.5): the
         * analyzer takes them as values, never as SQL text, as a JDBC driver binds them.
         */
        private static PreparedStatement prepared(SparkSession spark, String sql) {
            List<Object> values = new ArrayList<>();
            return (PreparedStatement) Proxy.newProxyInstance(PreparedStatement.class.getClassLoader(),
                    new Class<?>[] {PreparedStatement.class}, (proxy, method, args) -> switch (method.getName()) {
                        case "setObject", "setString" -> {
                            int index = (Integer) args[0];
                            while (values.size() < index) {
                                values.add(null);
                            }
                            values.set(index - 1, args[1]);
                            yield null;
                        }
                        case "executeUpdate" -> {
                            try {
                                spark.sql(sql, (Object) values.toArray()).collectAsList();
                            } catch (Throwable e) {
                                throw new SQLException(e.getMessage(), e);
                            }
                            yield 0;
                        }
                        case "close" -> null;
                        case "toString" -> "SparkJdbc.PreparedStatement";
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default -> throw new SQLException("not supported in spark-it: PreparedStatement." + method.getName());
                    });
        }

        private static List<Row> run(SparkSession spark, String sql) throws SQLException {
            try {
                return spark.sql(sql).collectAsList();
            } catch (Throwable e) {
                Throwable t = e instanceof InvocationTargetException ite ? ite.getCause() : e;
                throw new SQLException(t.getMessage(), t);
            }
        }

        private static ResultSet resultSet(SparkSession spark, String sql) throws SQLException {
            org.apache.spark.sql.Dataset<Row> frame;
            List<Row> rows;
            try {
                frame = spark.sql(sql);
                rows = frame.collectAsList();
            } catch (Throwable e) {
                throw new SQLException(e.getMessage(), e);
            }
            int columns = frame.schema().fields().length;
            ResultSetMetaData meta = (ResultSetMetaData) Proxy.newProxyInstance(ResultSetMetaData.class.getClassLoader(),
                    new Class<?>[] {ResultSetMetaData.class}, (proxy, method, args) -> switch (method.getName()) {
                        case "getColumnCount" -> columns;
                        default -> throw new SQLException("not supported in spark-it: ResultSetMetaData." + method.getName());
                    });
            int[] position = {-1};
            return (ResultSet) Proxy.newProxyInstance(ResultSet.class.getClassLoader(), new Class<?>[] {ResultSet.class},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "next" -> ++position[0] < rows.size();
                        case "getObject" -> rows.get(position[0]).get((Integer) args[0] - 1);
                        case "getMetaData" -> meta;
                        case "close" -> null;
                        case "toString" -> "SparkJdbc.ResultSet";
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default -> throw new SQLException("not supported in spark-it: ResultSet." + method.getName());
                    });
        }
    }
}
