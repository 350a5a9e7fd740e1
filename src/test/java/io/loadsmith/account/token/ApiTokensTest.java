package io.loadsmith.account.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.test.context.TestSecurityContextHolder;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.account.AccountService;
import io.loadsmith.account.AccountView;
import io.loadsmith.identity.Role;
import io.loadsmith.security.TestAccounts;
import io.loadsmith.store.Api;
import io.loadsmith.store.H2StoreTest;
import tools.jackson.databind.JsonNode;

/** Bearer tokens end to end: made by their owner, shown once, kept hashed, checked live, revocable. */
class ApiTokensTest extends H2StoreTest {

    @Autowired
    AccountService accounts;

    @Autowired
    JdbcTemplate jdbc;

    @BeforeEach
    void noMockUser() {
        TestSecurityContextHolder.clearContext();
    }

    @Test
    void theSecretIsShownOnceAndOnlyItsHashIsKept() throws Exception {
        account("tok-owner", Role.EDITOR);
        JsonNode created = Api.JSON.readTree(call("POST", "/api/v1/tokens", "{\"name\":\"deploy-prod\",\"scope\":\"WRITE\"}",
                "tok-owner", Role.EDITOR, null, 201).getContentAsString());
        String secret = created.path("secret").asString();
        long id = created.path("token").path("id").asLong();
        assertThat(secret).startsWith("lsm_").hasSize(47);

        String list = call("GET", "/api/v1/tokens", null, "tok-owner", Role.EDITOR, null, 200).getContentAsString();
        assertThat(list).contains("deploy-prod", secret.substring(0, 10)).doesNotContain(secret);
        Map<String, Object> row = jdbc.queryForMap("select * from api_token where id = ?", id);
        assertThat(row.get("SECRET_SHA256")).isEqualTo(sha256(secret));
        assertThat(row.values()).noneMatch(value -> String.valueOf(value).contains(secret));
        assertThat(row.get("LAST_USED_AT")).isNull();

        JsonNode me = Api.JSON.readTree(call("GET", "/api/v1/me", null, null, null, secret, 200).getContentAsString());
        assertThat(me.path("username").asString()).isEqualTo("tok-owner");
        assertThat(me.path("role").asString()).isEqualTo("EDITOR");
        assertThat(jdbc.queryForObject("select last_used_at from api_token where id = ?", Object.class, id))
                .as("last use recorded").isNotNull();
    }

    @Test
    void aTokenStopsWhenItExpires() throws Exception {
        account("tok-expiring", Role.EDITOR);
        JsonNode created = Api.JSON.readTree(call("POST", "/api/v1/tokens",
                "{\"name\":\"quarter\",\"scope\":\"READ\",\"expiresInDays\":90}", "tok-expiring", Role.EDITOR, null, 201)
                .getContentAsString());
        String secret = created.path("secret").asString();
        java.time.Instant expires = java.time.Instant.parse(created.path("token").path("expiresAt").asString());
        assertThat(expires).isBetween(java.time.Instant.now().plus(java.time.Duration.ofDays(89)),
                java.time.Instant.now().plus(java.time.Duration.ofDays(91)));
        call("GET", "/api/v1/me", null, null, null, secret, 200);

        jdbc.update("update api_token set expires_at = ? where id = ?",
                java.sql.Timestamp.from(java.time.Instant.now().minusSeconds(1)), created.path("token").path("id").asLong());
        assertThat(call("GET", "/api/v1/me", null, null, null, secret, 401).getContentAsString()).contains("expired");

        String problem = call("POST", "/api/v1/tokens", "{\"name\":\"x\",\"scope\":\"READ\",\"expiresInDays\":0}",
                "tok-expiring", Role.EDITOR, null, 400).getContentAsString();
        assertThat(problem).contains("expiresInDays", "must be 1 to 3650");
    }

    @Test
    void aBearerCallGetsThePagesHeadersButNoSessionAndNeedsNoCsrfToken() throws Exception {
        account("tok-stateless", Role.EDITOR);
        String secret = issue("tok-stateless", "WRITE");
        long sessions = jdbc.queryForObject("select count(*) from spring_session", Long.class);
        MockHttpServletResponse read = call("GET", "/api/v1/entities", null, null, null, secret, 200);
        assertThat(read.getHeader("Content-Security-Policy")).contains("default-src 'self'", "frame-ancestors 'none'");
        assertThat(read.getHeader("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(read.getHeader("Set-Cookie")).isNull();
        // A write without a CSRF token: bearer calls carry no cookie a browser could send for them.
        call("POST", "/api/v1/entities",
                "{\"logicalName\":\"TOKEN_STATELESS\",\"name\":\"TOKEN_STATELESS\",\"schema\":\"s\",\"physicalType\":\"TABLE\"}",
                null, null, secret, 201);
        assertThat(call("GET", "/api/v1/me", null, null, null, secret, 200).getHeader("Set-Cookie")).isNull();
        assertThat(jdbc.queryForObject("select count(*) from spring_session", Long.class)).isEqualTo(sessions);
        // The same call without a token goes through the browser's chain: no session, so it is refused.
        assertThat(mvc.perform(MockMvcRequestBuilders.get("/api/v1/me").accept(MediaType.APPLICATION_JSON))
                .andReturn().getResponse().getStatus()).isEqualTo(401);
    }

    @Test
    void aRevokedTokenIsRefusedAtOnce() throws Exception {
        account("tok-revoker", Role.EDITOR);
        String secret = issue("tok-revoker", "WRITE");
        long id = jdbc.queryForObject("select id from api_token where secret_sha256 = ?", Long.class, sha256(secret));
        call("GET", "/api/v1/entities", null, null, null, secret, 200);

        call("DELETE", "/api/v1/tokens/" + id, null, "tok-revoker", Role.EDITOR, null, 200);
        MockHttpServletResponse refused = call("GET", "/api/v1/entities", null, null, null, secret, 401);
        assertThat(refused.getHeader("WWW-Authenticate")).contains("invalid_token");
        assertThat(refused.getContentAsString()).contains("unknown, revoked or expired");
    }

    @Test
    void tokensFollowTheirAccountDisabledOrNarrowed() throws Exception {
        AccountView account = account("tok-narrowed", Role.EDITOR);
        String secret = issue("tok-narrowed", "WRITE");
        String entity = "{\"logicalName\":\"TOKEN_WRITES\",\"name\":\"TOKEN_WRITES\",\"schema\":\"s\",\"physicalType\":\"TABLE\"}";
        call("POST", "/api/v1/entities", entity, null, null, secret, 201);

        AccountView viewer = accounts.change(account.id(), account.version(), Role.VIEWER, true);
        MockHttpServletResponse refused = call("POST", "/api/v1/entities", entity.replace("TOKEN_WRITES", "TOKEN_WRITES_2"),
                null, null, secret, 403);
        assertThat(refused.getContentAsString()).contains("Your role (VIEWER) does not allow POST /api/v1/entities",
                "it needs the EDITOR role");
        call("GET", "/api/v1/entities", null, null, null, secret, 200);

        accounts.change(account.id(), viewer.version(), Role.VIEWER, false);
        call("GET", "/api/v1/entities", null, null, null, secret, 401);
    }

    @Test
    void aReadTokenOnlyReadsWhateverItsOwnerMayDo() throws Exception {
        account("tok-reader", Role.ADMIN);
        String secret = issue("tok-reader", "READ");
        call("GET", "/api/v1/loads", null, null, null, secret, 200);
        String refused = call("POST", "/api/v1/environments", "{\"name\":\"dev\"}", null, null, secret, 403)
                .getContentAsString();
        assertThat(refused).contains("READ scope");
        assertThat(jdbc.queryForObject("select count(*) from environment where name = 'dev'", Integer.class)).isZero();
    }

    @Test
    void aViewerGetsOnlyReadTokensAndNoTokenMintsAnother() throws Exception {
        account("tok-viewer", Role.VIEWER);
        String problem = call("POST", "/api/v1/tokens", "{\"name\":\"x\",\"scope\":\"WRITE\"}", "tok-viewer", Role.VIEWER,
                null, 400).getContentAsString();
        assertThat(problem).contains("a VIEWER can only have READ tokens");
        String read = issue("tok-viewer", "READ");
        assertThat(call("POST", "/api/v1/tokens", "{\"name\":\"y\",\"scope\":\"READ\"}", null, null, read, 403)
                .getContentAsString()).contains("A token cannot create tokens");
        assertThat(call("GET", "/api/v1/tokens", null, null, null, read, 200).getContentAsString()).contains("\"name\":\"test\"");
    }

    @Test
    void onlyTheOwnerOrAnAdminRevokes() throws Exception {
        account("tok-alice", Role.EDITOR);
        account("tok-bob", Role.EDITOR);
        String alices = issue("tok-alice", "WRITE");
        long id = jdbc.queryForObject("select id from api_token where secret_sha256 = ?", Long.class, sha256(alices));
        call("DELETE", "/api/v1/tokens/" + id, null, "tok-bob", Role.EDITOR, null, 404);
        call("GET", "/api/v1/me", null, null, null, alices, 200);
        call("DELETE", "/api/v1/tokens/" + id, null, "admin", Role.ADMIN, null, 200);
        call("GET", "/api/v1/me", null, null, null, alices, 401);
    }

    @Test
    void theAccountPageShowsANewTokenOnceAndNeverAgain() throws Exception {
        account("tok-page", Role.EDITOR);
        String created = mvc.perform(MockMvcRequestBuilders.post("/account/tokens").param("name", "from-the-page")
                .param("scope", "READ").with(user("tok-page").roles("EDITOR"))).andReturn().getResponse().getContentAsString();
        String secret = org.jsoup.Jsoup.parse(created).select("#new-token").attr("value");
        assertThat(secret).startsWith("lsm_");
        call("GET", "/api/v1/me", null, null, null, secret, 200);
        String again = mvc.perform(MockMvcRequestBuilders.get("/account").with(user("tok-page").roles("EDITOR")))
                .andReturn().getResponse().getContentAsString();
        assertThat(again).contains("from-the-page").doesNotContain(secret);
        String action = org.jsoup.Jsoup.parse(again).select("form[action$=/revoke]").attr("action");
        assertThat(action).matches("/account/tokens/\\d+/revoke");
        mvc.perform(MockMvcRequestBuilders.post(action).with(user("tok-page").roles("EDITOR")));
        call("GET", "/api/v1/me", null, null, null, secret, 401);
        String all = mvc.perform(MockMvcRequestBuilders.get("/admin/tokens").with(user("admin").roles("ADMIN")))
                .andReturn().getResponse().getContentAsString();
        assertThat(all).contains("tok-page", "from-the-page", "revoked");
    }

    @Test
    void accountAndTokenChangesAreInTheAuditTrailWithoutSecrets() throws Exception {
        mvc.perform(MockMvcRequestBuilders.post("/api/v1/users").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"tok-audited\",\"password\":\"" + TestAccounts.PASSWORD + "\",\"role\":\"EDITOR\"}")
                .with(user("audit-admin").roles("ADMIN")));
        String secret = issue("tok-audited", "WRITE");
        long id = jdbc.queryForObject("select id from api_token where secret_sha256 = ?", Long.class, sha256(secret));
        call("DELETE", "/api/v1/tokens/" + id, null, "tok-audited", Role.EDITOR, null, 200);

        JsonNode account = Api.JSON.readTree(call("GET", "/api/v1/audit?objectKind=ACCOUNT&objectName=tok-audited", null,
                "auditor", Role.VIEWER, null, 200).getContentAsString());
        assertThat(account).hasSize(1);
        assertThat(account.get(0).path("action").asString()).isEqualTo("CREATE");
        assertThat(account.get(0).path("actor").asString()).isEqualTo("audit-admin");

        // Token events are the owner's and ADMINs' only (issue 20): a VIEWER sees none of them.
        assertThat(Api.JSON.readTree(call("GET", "/api/v1/audit?objectKind=API_TOKEN&objectName=tok-audited:test", null,
                "auditor", Role.VIEWER, null, 200).getContentAsString())).isEmpty();
        JsonNode tokens = Api.JSON.readTree(call("GET", "/api/v1/audit?objectKind=API_TOKEN&objectName=tok-audited:test", null,
                "audit-admin", Role.ADMIN, null, 200).getContentAsString());
        assertThat(tokens).extracting(e -> e.path("action").asString()).containsExactly("UPDATE", "CREATE");
        assertThat(tokens.get(0).path("summary").asString()).contains("revokedAt");
        for (JsonNode entry : tokens) {
            String event = call("GET", "/api/v1/audit/" + entry.path("id").asLong(), null, "audit-admin", Role.ADMIN, null, 200)
                    .getContentAsString();
            assertThat(event).contains("tok-audited").doesNotContain(secret).doesNotContain(sha256(secret));
        }
        String hashes = jdbc.queryForObject("select password_hash from account where username = 'tok-audited'", String.class);
        assertThat(jdbc.queryForObject("select count(*) from audit_event where before_json like ? or after_json like ?",
                Integer.class, "%" + hashes + "%", "%" + hashes + "%")).as("no password hash in the trail").isZero();
    }

    @Test
    void tokenAndAccountListsPageLikeEveryList() throws Exception {
        account("tok-pager", Role.EDITOR);
        for (int i = 0; i < 3; i++) {
            call("POST", "/api/v1/tokens", "{\"name\":\"t" + i + "\",\"scope\":\"READ\"}", "tok-pager", Role.EDITOR, null, 201);
        }
        MockHttpServletResponse second = call("GET", "/api/v1/tokens?page=1&size=2", null, "tok-pager", Role.EDITOR, null, 200);
        assertThat(second.getHeader("X-Total-Count")).isEqualTo("3");
        assertThat(Api.JSON.readTree(second.getContentAsString()).size()).isEqualTo(1);
        assertThat(second.getHeader("Link")).contains("rel=\"prev\"", "rel=\"first\"", "rel=\"last\"")
                .doesNotContain("rel=\"next\"");

        long id = accounts.list().stream().filter(a -> a.username().equals("tok-pager")).findFirst().orElseThrow().id();
        MockHttpServletResponse theirs = call("GET", "/api/v1/users/" + id + "/tokens?size=2", null, "admin", Role.ADMIN,
                null, 200);
        assertThat(theirs.getHeader("X-Total-Count")).isEqualTo("3");
        assertThat(Api.JSON.readTree(theirs.getContentAsString()).size()).isEqualTo(2);

        MockHttpServletResponse users = call("GET", "/api/v1/users?size=1", null, "admin", Role.ADMIN, null, 200);
        assertThat(Integer.parseInt(users.getHeader("X-Total-Count"))).isEqualTo(accounts.list().size());
        assertThat(Api.JSON.readTree(users.getContentAsString()).size()).isEqualTo(1);
    }

    private AccountView account(String username, Role role) {
        return accounts.create(username, TestAccounts.PASSWORD, role);
    }

    private String issue(String username, String scope) throws Exception {
        Role role = accounts.list().stream().filter(a -> a.username().equals(username)).findFirst().orElseThrow().role();
        return Api.JSON.readTree(call("POST", "/api/v1/tokens", "{\"name\":\"test\",\"scope\":\"" + scope + "\"}",
                username, role, null, 201).getContentAsString()).path("secret").asString();
    }

    /** A call as a signed-in user (username, role) or with a bearer secret; checks the status. */
    private MockHttpServletResponse call(String method, String path, String json, String username, Role role,
                                         String bearer, int expected) throws Exception {
        var request = MockMvcRequestBuilders.request(HttpMethod.valueOf(method), path).accept(MediaType.APPLICATION_JSON);
        if (json != null) {
            request.contentType(MediaType.APPLICATION_JSON).content(json);
        }
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        } else {
            request.with(user(username).roles(role.name()));
        }
        MockHttpServletResponse response = mvc.perform(request).andReturn().getResponse();
        assertThat(response.getStatus()).as(method + " " + path + " answered " + response.getContentAsString())
                .isEqualTo(expected);
        return response;
    }

    private static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
