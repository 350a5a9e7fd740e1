package io.loadsmith.store;

import java.sql.Connection;
import java.sql.Statement;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/** Stores for migration tests that stop at a version: a fresh PostgreSQL database, and Flyway with the demo data up to a target. */
public final class MigrationStores {

    private MigrationStores() {
    }

    /** A new, empty database of the shared embedded PostgreSQL 17 (dropped first if a run left it). */
    public static DataSource postgres(String database) throws Exception {
        var server = EmbeddedPostgresHolder.server();
        try (Connection c = server.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("drop database if exists " + database);
            s.execute("create database " + database);
        }
        return new DriverManagerDataSource(server.getJdbcUrl("postgres", database), "postgres", "postgres");
    }

    /** The store's migrations and the demo data, as the application runs them, up to {@code target}. */
    public static Flyway flyway(DataSource store, String target) {
        return Flyway.configure().dataSource(store).locations("classpath:db/migration", "classpath:db/demo")
                .placeholderReplacement(false).target(target).load();
    }
}
