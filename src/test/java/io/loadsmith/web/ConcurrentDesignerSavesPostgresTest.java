package io.loadsmith.web;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.store.Api;
import io.loadsmith.store.EmbeddedPostgresHolder;
import io.loadsmith.store.PostgresStoreTest;
import tools.jackson.databind.JsonNode;

/**
 * Two saves of one version through the designer's pages, the second writing while the first is
 * still committing: both read the same version, so the stale-version check passes for both and the
 * loser meets the row's version only in its UPDATE. The API answers that with 409; the page shows
 * the form again, as typed, with a message, and the winner's change stays. The race is made
 * certain, not likely: the other writer holds the row's lock (a transaction of its own on the real
 * PostgreSQL) until the page's UPDATE is seen waiting for it.
 */
class ConcurrentDesignerSavesPostgresTest extends PostgresStoreTest {

    @Test
    void anEntitySavedAtTheSameMomentKeepsTheFormAndTheOtherChange() throws Exception {
        JsonNode entity = api().create("/api/v1/entities", obj("logicalName", "RACE_E", "name", "RACE_E", "schema", "race",
                "attributes", List.of(obj("name", "id", "datatype", "INTEGER4"))));
        long id = entity.get("id").asLong();
        MockHttpServletRequestBuilder mine = form("/entities/" + id, entity.get("version").asLong())
                .param("logicalName", "RACE_E").param("name", "RACE_E").param("schema", "race")
                .param("physicalType", "TABLE").param("description", "my words, typed while they saved")
                .param("attributes[0].name", "id").param("attributes[0].datatype", "INTEGER4");

        MockHttpServletResponse page = whileTheyHoldTheRow("dw_entity", id, mine);

        assertSavedByThemAndKeptInTheForm(page, "/api/v1/entities/" + id, "my words, typed while they saved");
    }

    @Test
    void aLoadSavedAtTheSameMomentKeepsTheFormAndTheOtherChange() throws Exception {
        api().create("/api/v1/entities", obj("logicalName", "RACE_L", "name", "RACE_L", "schema", "race",
                "attributes", List.of(obj("name", "id", "datatype", "INTEGER4"))));
        JsonNode load = api().create("/api/v1/loads", obj("name", "load_race", "target", "race.RACE_L",
                "steps", List.of(obj("name", "first", "type", "OVERRIDE", "text", "SELECT 1"))));
        long id = load.get("id").asLong();
        MockHttpServletRequestBuilder mine = form("/loads/" + id, load.get("version").asLong())
                .param("name", "load_race").param("target", "race.RACE_L")
                .param("description", "my words, typed while they saved")
                .param("steps[0].name", "first").param("steps[0].type", "OVERRIDE").param("steps[0].kind", "SQL")
                .param("steps[0].text", "SELECT 2 -- mine");

        MockHttpServletResponse page = whileTheyHoldTheRow("entity_load", id, mine);

        assertSavedByThemAndKeptInTheForm(page, "/api/v1/loads/" + id, "SELECT 2 -- mine");
    }

    private static MockHttpServletRequestBuilder form(String path, long version) {
        return MockMvcRequestBuilders.post(path).with(SecurityMockMvcRequestPostProcessors.user("admin").roles("ADMIN"))
                .with(SecurityMockMvcRequestPostProcessors.csrf()).param("action", "save")
                .param("version", String.valueOf(version));
    }

    /**
     * Another writer changes the row (a new description, the next version) and holds its lock; the
     * page's save starts, reads the old version, and waits on the lock in its UPDATE; then the other
     * writer commits, and the page's UPDATE finds the version changed.
     */
    private MockHttpServletResponse whileTheyHoldTheRow(String table, long id, MockHttpServletRequestBuilder save)
            throws Exception {
        String url = EmbeddedPostgresHolder.jdbcUrl(EmbeddedPostgresHolder.Database.API);
        try (Connection theirs = DriverManager.getConnection(url, "postgres", "postgres");
             Connection watch = DriverManager.getConnection(url, "postgres", "postgres")) {
            theirs.setAutoCommit(false);
            try (PreparedStatement update = theirs.prepareStatement("UPDATE " + table
                    + " SET description = 'their change', row_version = row_version + 1 WHERE id = ?")) {
                update.setLong(1, id);
                assertThat(update.executeUpdate()).isEqualTo(1);
            }
            CompletableFuture<MockHttpServletResponse> page = CompletableFuture.supplyAsync(() -> {
                try {
                    return mvc.perform(save).andReturn().getResponse();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            waitUntilAnUpdateWaitsForALock(watch, table, page);
            theirs.commit();
            return page.get(5, TimeUnit.MINUTES);
        }
    }

    /** Polls the server's own view of its sessions; the bound only ends a test that would hang. */
    private static void waitUntilAnUpdateWaitsForALock(Connection watch, String table, CompletableFuture<?> page)
            throws Exception {
        long giveUp = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (System.nanoTime() < giveUp) {
            assertThat(page).as("the page's save ended before it reached the row: it never raced").isNotDone();
            try (PreparedStatement waiting = watch.prepareStatement("SELECT COUNT(*) FROM pg_stat_activity"
                    + " WHERE wait_event_type = 'Lock' AND lower(query) LIKE 'update " + table + " %'");
                 ResultSet rs = waiting.executeQuery()) {
                rs.next();
                if (rs.getInt(1) > 0) {
                    return;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the page's save never waited for the row");
    }

    private void assertSavedByThemAndKeptInTheForm(MockHttpServletResponse page, String api, String typed) throws Exception {
        String html = page.getContentAsString(StandardCharsets.UTF_8);
        assertThat(page.getStatus()).as(html).isEqualTo(200);
        assertThat(html).contains(FormErrors.RACED + " Your text is still in the form: copy what you need, then reload.")
                .contains(typed.replace("'", "&#39;"))
                .doesNotContain("Exception", "io.loadsmith", "hibernate");
        JsonNode stored = api().get(api);
        assertThat(stored.get("description").asString()).isEqualTo("their change");
        Api.Answer again = api().send(HttpMethod.GET, api, null);
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.body()).doesNotContain("my words");
    }
}
