package io.loadsmith.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import io.loadsmith.store.EmbeddedPostgresHolder;

/**
 * V8 on a store that already holds user names differing only by case, on H2 and on PostgreSQL:
 * the oldest account keeps its name, later ones are disabled and keyed apart, their sessions end,
 * and from then on the store refuses a second 'bob' in any case.
 */
class UserNameMigrationTest {

    @Test
    void onH2() {
        // One connection throughout: H2 2.4 evaluates a check constraint in the session that created it.
        migrate(new SingleConnectionDataSource("jdbc:h2:mem:nm_v8;DB_CLOSE_DELAY=-1", "sa", "", true));
    }

    @Test
    void onPostgres() throws Exception {
        var server = EmbeddedPostgresHolder.server();
        try (Connection c = server.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("drop database if exists loadsmith_nm_v8");
            s.execute("create database loadsmith_nm_v8");
        }
        migrate(new DriverManagerDataSource(server.getJdbcUrl("postgres", "loadsmith_nm_v8"), "postgres", "postgres"));
    }

    private static Flyway flyway(javax.sql.DataSource store, String target) {
        return Flyway.configure().dataSource(store).locations("classpath:db/migration").placeholderReplacement(false)
                .target(target).load();
    }

    private static void migrate(javax.sql.DataSource store) {
        flyway(store, "7").migrate();
        JdbcTemplate jdbc = new JdbcTemplate(store);
        for (String name : List.of("ADMIN", "bob", "admin", "Admin", "carol")) {
            jdbc.update("insert into account (username, password_hash, role, created_at) values (?, 'not-a-hash', 'ADMIN',"
                    + " current_timestamp)", name);
        }
        jdbc.update("insert into spring_session (primary_id, session_id, creation_time, last_access_time,"
                + " max_inactive_interval, expiry_time, principal_name) values ('p1', 's1', 0, 0, 1800, 0, 'admin')");
        jdbc.update("insert into spring_session (primary_id, session_id, creation_time, last_access_time,"
                + " max_inactive_interval, expiry_time, principal_name) values ('p2', 's2', 0, 0, 1800, 0, 'ADMIN')");

        flyway(store, "8").migrate();

        Map<String, Object> rows = new java.util.TreeMap<>();
        jdbc.queryForList("select id, username, username_key, enabled from account order by id").forEach(r ->
                rows.put((String) r.get("username"), r.get("username_key") + " " + r.get("enabled")));
        long adminId = jdbc.queryForObject("select id from account where username = 'admin'", Long.class);
        long capitalId = jdbc.queryForObject("select id from account where username = 'Admin'", Long.class);
        assertThat(rows).containsExactlyInAnyOrderEntriesOf(Map.of(
                "ADMIN", "admin true",
                "bob", "bob true",
                "admin", "admin#" + adminId + " false",
                "Admin", "admin#" + capitalId + " false",
                "carol", "carol true"));
        assertThat(jdbc.queryForList("select principal_name from spring_session", String.class)).containsExactly("ADMIN");

        assertThatThrownBy(() -> jdbc.update("insert into account (username, username_key, password_hash, role,"
                + " created_at) values ('BOB', 'bob', 'not-a-hash', 'VIEWER', current_timestamp)"))
                .isInstanceOf(DataIntegrityViolationException.class);
    }
}
