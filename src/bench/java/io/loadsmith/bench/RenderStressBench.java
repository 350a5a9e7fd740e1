package io.loadsmith.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import io.loadsmith.robustness.RenderStress;
import io.loadsmith.store.EmbeddedPostgresHolder;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * Benchmark 12: runaway renders of every kind (RenderStress) beside thousands of ordinary requests,
 * on H2 and PostgreSQL 17; the longer run of RenderStressTest. Fails when an ordinary request
 * fails or a runaway is answered otherwise than with its stop; reports the slowest /api/v1/me.
 * Run alone: {@code mvn -Pbench -DskipTests verify -Dbench.only=renders}.
 */
final class RenderStressBench {

    private static final String TITLE = "12. Runaway renders beside ordinary traffic (3 render threads, 1 s budgets)";

    private RenderStressBench() {
    }

    static Table run(int ordinaryRequests) throws Exception {
        Table table = new Table(TITLE, "store", "ordinary requests", "failed", "runaways answered", "answered otherwise",
                "slowest /api/v1/me ms");
        add(table, "H2", RenderStress.run("jdbc:h2:mem:render_stress_bench;DB_CLOSE_DELAY=-1", "sa", "", ordinaryRequests));
        EmbeddedPostgres pg = EmbeddedPostgresHolder.server();
        try (Connection c = pg.getPostgresDatabase().getConnection(); Statement s = c.createStatement();
             ResultSet exists = s.executeQuery("select 1 from pg_database where datname = 'loadsmith_render_bench'")) {
            if (!exists.next()) {
                s.execute("create database loadsmith_render_bench");
            }
        }
        add(table, "PostgreSQL 17", RenderStress.run(pg.getJdbcUrl("postgres", "loadsmith_render_bench"), "postgres",
                "postgres", ordinaryRequests));
        return table;
    }

    private static void add(Table table, String store, RenderStress.Outcome outcome) {
        table.row(store, outcome.ordinary(), outcome.ordinaryErrors().size(), outcome.runaways(),
                outcome.runawayErrors().size(), outcome.slowestMeMillis());
        if (!outcome.ordinaryErrors().isEmpty() || !outcome.runawayErrors().isEmpty()) {
            throw new IllegalStateException("Render stress on " + store + ": " + outcome.ordinaryErrors().size()
                    + " ordinary requests failed, " + outcome.runawayErrors().size() + " runaways answered otherwise; first: "
                    + (outcome.ordinaryErrors().isEmpty() ? outcome.runawayErrors() : outcome.ordinaryErrors()).get(0));
        }
    }
}
