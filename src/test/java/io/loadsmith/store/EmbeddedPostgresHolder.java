package io.loadsmith.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
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

    /** JDBC URL of {@code database}, created empty on first request. */
    public static synchronized String jdbcUrl(String database) {
        EmbeddedPostgres pg = instance();
        try (Connection c = pg.getPostgresDatabase().getConnection();
             Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("select 1 from pg_database where datname = '" + database + "'")) {
                if (!rs.next()) {
                    s.execute("create database " + database);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot create database " + database, e);
        }
        return pg.getJdbcUrl("postgres", database);
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
