package io.loadsmith.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

import io.loadsmith.account.AccountService;
import io.loadsmith.account.token.ApiTokenService;
import io.loadsmith.account.token.TokenScope;
import io.loadsmith.identity.Role;
import io.loadsmith.security.TestAccounts;
import io.loadsmith.store.Api;
import io.loadsmith.store.H2StoreTest;

/**
 * API token events are their owner's and ADMINs' only, as the token pages are: a VIEWER or EDITOR
 * does not see, count, filter for or open another person's token events, on the API or the audit
 * pages; and no token event shows any part of the secret (the prefix included), old ones neither.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TokenAuditVisibilityTest extends H2StoreTest {

    @Autowired
    AccountService accounts;

    @Autowired
    ApiTokenService tokens;

    @Autowired
    JdbcTemplate jdbc;

    private String secret;
    private long eventId;

    @BeforeAll
    void aliceHasAToken() {
        accounts.create("tv-alice", TestAccounts.PASSWORD, Role.VIEWER);
        accounts.create("tv-bob", TestAccounts.PASSWORD, Role.EDITOR);
        secret = tokens.issue("tv-alice", "tv-pipeline", TokenScope.READ).secret();
        eventId = jdbc.queryForObject("select max(id) from audit_event where object_kind = 'API_TOKEN' "
                + "and object_name = 'tv-alice:tv-pipeline'", Long.class);
    }

    private MockHttpServletResponse as(RequestPostProcessor who, String path) throws Exception {
        return mvc.perform(get(path).with(who)).andReturn().getResponse();
    }

    private static RequestPostProcessor alice() {
        return user("tv-alice").roles("VIEWER");
    }

    private static RequestPostProcessor admin() {
        return user("tv-admin").roles("ADMIN");
    }

    @Test
    void othersSeeNoTokenEventInListsCountsFiltersOrById() throws Exception {
        for (RequestPostProcessor other : new RequestPostProcessor[] {user("tv-bob").roles("EDITOR"),
                user("tv-carol").roles("VIEWER")}) {
            for (String list : new String[] {"/api/v1/audit?size=200", "/api/v1/audit?objectKind=API_TOKEN",
                    "/api/v1/audit?objectName=tv-alice:tv-pipeline", "/api/v1/audit?actor=admin&objectKind=API_TOKEN"}) {
                MockHttpServletResponse answer = as(other, list);
                assertThat(answer.getStatus()).isEqualTo(200);
                assertThat(answer.getContentAsString()).as(list).doesNotContain("tv-alice:", "tv-pipeline");
            }
            assertThat(as(other, "/api/v1/audit?objectName=tv-alice:tv-pipeline").getHeader("X-Total-Count")).isEqualTo("0");
            assertThat(as(other, "/api/v1/audit/" + eventId).getStatus()).isEqualTo(404);

            String page = as(other, "/audit?objectKind=API_TOKEN").getContentAsString(StandardCharsets.UTF_8);
            assertThat(page).doesNotContain("tv-alice:", "tv-pipeline");
            String filtered = as(other, "/audit?objectName=tv-alice:tv-pipeline").getContentAsString(StandardCharsets.UTF_8);
            assertThat(org.jsoup.Jsoup.parse(filtered).select("main table tbody tr")).isEmpty();
            MockHttpServletResponse detail = as(other, "/audit/" + eventId);
            assertThat(detail.getStatus()).isEqualTo(404);
            assertThat(detail.getContentAsString(StandardCharsets.UTF_8)).doesNotContain("tv-pipeline");
        }
    }

    @Test
    void theOwnerAndAdminsSeeTheEventWithoutAnyPartOfTheSecret() throws Exception {
        for (RequestPostProcessor who : new RequestPostProcessor[] {alice(), admin()}) {
            assertThat(as(who, "/api/v1/audit?objectName=tv-alice:tv-pipeline").getHeader("X-Total-Count")).isEqualTo("1");
            String event = as(who, "/api/v1/audit/" + eventId).getContentAsString(StandardCharsets.UTF_8);
            assertThat(event).contains("tv-pipeline", "READ").doesNotContain("prefix", secret.substring(0, 7));
            String page = as(who, "/audit/" + eventId).getContentAsString(StandardCharsets.UTF_8);
            assertThat(page).contains("tv-pipeline").doesNotContain(secret.substring(0, 7));
        }
    }

    /** Events written before V9 kept the prefix and had no owner: the migration's statements fix both. */
    @Test
    void theMigrationRestrictsAndScrubsOlderTokenEvents() throws Exception {
        String old = "{\"id\":999,\"owner\":\"tv-bob\",\"name\":\"old\",\"scope\":\"READ\",\"prefix\":\"lsm_AbC-9_\","
                + "\"createdAt\":\"2026-01-01T00:00:00Z\"}";
        jdbc.update("insert into audit_event (occurred_at, actor, action, object_kind, object_id, object_name, after_json) "
                + "values (?, 'tv-bob', 'CREATE', 'API_TOKEN', 999, 'tv-bob:old', ?)", java.sql.Timestamp.from(Instant.now()), old);
        String migration = new ClassPathResource("db/migration/V9__audit_restricted_events_entity_name_key.sql").getContentAsString(StandardCharsets.UTF_8);
        for (String statement : migration.replaceAll("(?m)^--.*$", "").split(";")) {
            if (statement.strip().startsWith("update")) {
                jdbc.update(statement);
            }
        }
        var row = jdbc.queryForMap("select restricted_to, after_json from audit_event where object_id = 999 and object_kind = 'API_TOKEN'");
        // Token 999 does not exist: ADMINs only.
        assertThat(row.get("restricted_to")).isEqualTo("");
        assertThat((String) row.get("after_json")).doesNotContain("prefix", "lsm_").contains("\"name\":\"old\"");
        assertThat(Api.JSON.readTree((String) row.get("after_json")).get("scope").asString()).isEqualTo("READ");
        assertThat(as(user("tv-bob").roles("EDITOR"), "/api/v1/audit?objectName=tv-bob:old").getHeader("X-Total-Count"))
                .isEqualTo("0");
        // The current events kept their owner through the same statements.
        assertThat(jdbc.queryForObject("select restricted_to from audit_event where id = ?", String.class, eventId))
                .isEqualTo("tv-alice");
    }
}
