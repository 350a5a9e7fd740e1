package io.loadsmith.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import org.junit.jupiter.api.Test;

import io.loadsmith.store.EmbeddedPostgresHolder;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * Runaway renders of every kind beside ordinary traffic, on H2 and on PostgreSQL 17: not one
 * ordinary request fails, every runaway is answered with its stop. Bounded by a number of requests
 * (a few dozen here; RenderStressBench under -Pbench sends thousands), never by the clock.
 */
class RenderStressTest {

    private static final int ORDINARY_REQUESTS = 40;

    @Test
    void onH2() throws Exception {
        assertClean(RenderStress.run("jdbc:h2:mem:render_stress;DB_CLOSE_DELAY=-1", "sa", "", ORDINARY_REQUESTS));
    }

    @Test
    void onPostgres() throws Exception {
        EmbeddedPostgres pg = EmbeddedPostgresHolder.server();
        try (Connection c = pg.getPostgresDatabase().getConnection(); Statement s = c.createStatement();
             ResultSet exists = s.executeQuery("select 1 from pg_database where datname = 'loadsmith_render_stress'")) {
            if (!exists.next()) {
                s.execute("create database loadsmith_render_stress");
            }
        }
        assertClean(RenderStress.run(pg.getJdbcUrl("postgres", "loadsmith_render_stress"), "postgres", "postgres",
                ORDINARY_REQUESTS));
    }

    private static void assertClean(RenderStress.Outcome outcome) {
        // Reported, not asserted: how long a cheap call waited depends on the machine.
        System.out.println("Render stress: " + outcome.ordinary() + " ordinary requests, " + outcome.runaways()
                + " runaways " + outcome.answersByKind() + ", slowest /api/v1/me " + outcome.slowestMeMillis() + " ms");
        assertThat(outcome.ordinaryErrors()).as("ordinary requests that failed").isEmpty();
        assertThat(outcome.runawayErrors()).as("runaways answered otherwise than with their stop").isEmpty();
        assertThat(outcome.ordinary()).isEqualTo(ORDINARY_REQUESTS);
        // Every kind was sent by both runaway clients at least once.
        assertThat(outcome.runaways()).isGreaterThanOrEqualTo(10);
        assertThat(outcome.answersByKind().keySet()).contains("huge_list 422", "endless_list 422", "macro_recursion 422",
                "string_doubling 422", "regex_backtracking 200");
    }
}
