package io.loadsmith.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import io.loadsmith.LoadsmithApplication;
import io.loadsmith.account.AccountService;
import io.loadsmith.account.token.ApiTokenService;
import io.loadsmith.account.token.IssuedToken;
import io.loadsmith.account.token.TokenScope;
import io.loadsmith.identity.Role;
import io.loadsmith.store.EmbeddedPostgresHolder;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * Benchmark 13: the longer run of StoreWritesAfterPoolRecycle*Test. The application on H2 and on
 * PostgreSQL 17 with the pool's shortest maximum lifetime (30 s, HikariCP's floor), so the pool
 * retires and replaces its connections many times while every table with a CHECK constraint is
 * written to once a second and readiness is asked. H2 2.4.240 failed every such write from the first
 * retirement of the migration's connection on. Fails on any failed write or readiness answer.
 * Run alone: {@code mvn -Pbench -DskipTests verify -Dbench.only=pool}.
 */
final class PoolRecycleBench {

    private static final String TITLE = "13. Writes to every CHECK-constrained table while the pool retires its connections";

    private PoolRecycleBench() {
    }

    static Table run(int seconds) throws Exception {
        Table table = new Table(TITLE, "store", "seconds", "write rounds", "failed writes", "readiness not UP",
                "pool maximum lifetime s");
        add(table, "H2", seconds, "jdbc:h2:mem:pool_recycle_bench;DB_CLOSE_DELAY=-1", "sa", "");
        EmbeddedPostgres pg = EmbeddedPostgresHolder.server();
        try (Connection c = pg.getPostgresDatabase().getConnection(); Statement s = c.createStatement();
             ResultSet exists = s.executeQuery("select 1 from pg_database where datname = 'loadsmith_pool_bench'")) {
            if (!exists.next()) {
                s.execute("create database loadsmith_pool_bench");
            }
        }
        add(table, "PostgreSQL 17", seconds, pg.getJdbcUrl("postgres", "loadsmith_pool_bench"), "postgres", "postgres");
        return table.note("Each round: an account created, a token issued and checked (writes api_token), the demo "
                + "entity's full-refresh policy switched (dw_entity), and readiness asked (store_write_probe).");
    }

    private static void add(Table table, String store, int seconds, String url, String user, String password)
            throws Exception {
        List<String> failures = new ArrayList<>();
        int rounds = 0;
        int notReady = 0;
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(LoadsmithApplication.class).run(
                "--server.port=0", "--logging.level.root=WARN", "--spring.datasource.url=" + url,
                "--spring.datasource.username=" + user, "--spring.datasource.password=" + password,
                "--spring.flyway.locations=classpath:db/migration,classpath:db/demo",
                "--spring.datasource.hikari.max-lifetime=30000")) {
            AccountService accounts = app.getBean(AccountService.class);
            ApiTokenService tokens = app.getBean(ApiTokenService.class);
            JdbcTemplate jdbc = new JdbcTemplate(app.getBean(DataSource.class));
            URI readiness = URI.create("http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port")
                    + "/actuator/health/readiness");
            HttpClient http = HttpClient.newHttpClient();
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            while (System.nanoTime() < end) {
                rounds++;
                try {
                    String name = "pool_" + rounds + "_" + Long.toHexString(System.nanoTime());
                    accounts.create(name, "a password of twelve+", Role.VIEWER);
                    IssuedToken token = tokens.issue(name, "pool bench", TokenScope.READ);
                    tokens.authenticate(token.secret()).orElseThrow();
                    jdbc.update("update dw_entity set full_refresh_policy = ? where id = (select min(id) from dw_entity)",
                            rounds % 2 == 0 ? "deny" : "allow");
                } catch (RuntimeException e) {
                    failures.add(e.getMessage());
                }
                HttpResponse<String> ready = http.send(HttpRequest.newBuilder(readiness).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (ready.statusCode() != 200) {
                    notReady++;
                }
                Thread.sleep(1000);
            }
        }
        table.row(store, seconds, rounds, failures.size(), notReady, 30);
        if (!failures.isEmpty() || notReady > 0) {
            throw new IllegalStateException("Pool recycle on " + store + ": " + failures.size() + " failed writes, "
                    + notReady + " readiness answers not UP; first: " + (failures.isEmpty() ? "-" : failures.get(0)));
        }
    }
}
