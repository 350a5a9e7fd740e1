package io.loadsmith.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * One real PostgreSQL 17 per test JVM (started on first use, stopped at exit). Each Spring context
 * gets a database of its own, so contexts with different data never see each other's rows.
 */
public final class EmbeddedPostgresHolder {

    private static EmbeddedPostgres postgres;

    private EmbeddedPostgresHolder() {
    }

    /** The databases tests use; CREATE DATABASE takes no bind parameters, so each has its statement. */
    public enum Database {
        API("loadsmith_api", "create database loadsmith_api"),
        DEMO("loadsmith_demo", "create database loadsmith_demo"),
        SESSIONS("loadsmith_sessions", "create database loadsmith_sessions"),
        SHARED_GENERATION("loadsmith_shared_generation", "create database loadsmith_shared_generation");

        private final String databaseName;
        private final String createStatement;

        Database(String databaseName, String createStatement) {
            this.databaseName = databaseName;
            this.createStatement = createStatement;
        }
    }

    /** JDBC URL of {@code database}, created empty on first request. */
    public static synchronized String jdbcUrl(Database database) {
        EmbeddedPostgres pg = instance();
        try (Connection c = pg.getPostgresDatabase().getConnection();
             PreparedStatement exists = c.prepareStatement("select 1 from pg_database where datname = ?")) {
            exists.setString(1, database.databaseName);
            try (ResultSet rs = exists.executeQuery()) {
                if (!rs.next()) {
                    try (Statement create = c.createStatement()) {
                        create.execute(database.createStatement);
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot create database " + database.databaseName, e);
        }
        return pg.getJdbcUrl("postgres", database.databaseName);
    }

    /** The one server of this JVM, for tests that manage their own databases (the engine scenarios). */
    public static synchronized EmbeddedPostgres server() {
        return instance();
    }

    private static EmbeddedPostgres instance() {
        if (postgres == null) {
            try {
                postgres = EmbeddedPostgres.builder().start();
            } catch (IOException e) {
                throw new UncheckedIOException("Embedded PostgreSQL did not start", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    postgres.close();
                } catch (IOException e) {
                    // the JVM is exiting; the temp directory is cleaned by the library
                }
            }));
        }
        return postgres;
    }
}
