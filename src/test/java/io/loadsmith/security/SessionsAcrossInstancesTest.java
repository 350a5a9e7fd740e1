package io.loadsmith.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import io.loadsmith.account.AccountService;
import io.loadsmith.account.AccountView;
import io.loadsmith.identity.Role;
import io.loadsmith.store.EmbeddedPostgresHolder;
import io.loadsmith.store.SharedStoreInstances;

/**
 * Two instances on one PostgreSQL, as behind a load balancer: a session begun on one is valid on
 * the other, and signing out or an ADMIN disabling the account ends it on both.
 */
class SessionsAcrossInstancesTest {

    @Test
    void aSessionMadeOnOneInstanceServesOnTheOtherAndEndsOnBoth() throws Exception {
        try (ConfigurableApplicationContext a = start(); ConfigurableApplicationContext b = start()) {
            Browser admin = new Browser();
            HttpResponse<String> signedIn = admin.signIn(a, "admin", TestAccounts.PASSWORD);
            assertThat(signedIn.headers().allValues("Set-Cookie")).anySatisfy(cookie ->
                    assertThat(cookie).startsWith("LOADSMITH_SESSION=").contains("HttpOnly", "SameSite=Lax"));
            HttpResponse<String> onB = admin.get(b, "/account");
            assertThat(onB.statusCode()).isEqualTo(200);
            assertThat(onB.body()).contains("Account admin");

            AccountView bob = a.getBean(AccountService.class).create("shared-bob", TestAccounts.PASSWORD, Role.EDITOR);
            Browser bobs = new Browser();
            bobs.signIn(b, "shared-bob", TestAccounts.PASSWORD);
            assertThat(bobs.get(a, "/account").statusCode()).isEqualTo(200);
            HttpResponse<String> denied = bobs.postWithToken(a, "/configuration/attribute-types", "name=SHOULD_NOT_EXIST");
            assertThat(denied.statusCode()).isEqualTo(403);
            assertThat(denied.body()).contains("Not allowed", "Your role (EDITOR) does not allow POST /configuration/attribute-types",
                    "it needs the ADMIN role").doesNotContain("\tat ", "Exception");
            // Bob changes his password on B: his session elsewhere ends, the one he used stays.
            Browser bobsLaptop = new Browser();
            bobsLaptop.signIn(a, "shared-bob", TestAccounts.PASSWORD);
            String newPassword = "a new password for bob";
            HttpResponse<String> changed = bobs.postWithToken(b, "/account/password", "currentPassword="
                    + URLEncoder.encode(TestAccounts.PASSWORD, StandardCharsets.UTF_8) + "&newPassword="
                    + URLEncoder.encode(newPassword, StandardCharsets.UTF_8));
            assertThat(changed.body()).contains("Your password is changed.");
            assertThat(bobsLaptop.get(a, "/account").statusCode()).as("the other session ended").isEqualTo(302);
            assertThat(bobs.get(a, "/account").statusCode()).as("the session that changed it stays").isEqualTo(200);
            new Browser().signIn(a, "shared-bob", newPassword);

            bob = a.getBean(AccountService.class).get(bob.id());
            a.getBean(AccountService.class).change(bob.id(), bob.version(), Role.EDITOR, false);
            HttpResponse<String> ended = bobs.get(b, "/account");
            assertThat(ended.statusCode()).as("disabled on A, signed out on B").isEqualTo(302);
            assertThat(ended.headers().firstValue("Location").orElse("")).endsWith("/login");

            int idle = new JdbcTemplate(a.getBean(javax.sql.DataSource.class)).queryForObject(
                    "select max(max_inactive_interval) from spring_session", Integer.class);
            assertThat(idle).as("idle timeout in seconds").isEqualTo(1800);

            admin.signOut(b);
            assertThat(admin.get(a, "/account").statusCode()).as("signed out on B, so on A too").isEqualTo(302);
        }
    }

    private static ConfigurableApplicationContext start() {
        return SharedStoreInstances.start(EmbeddedPostgresHolder.Database.SESSIONS, TestAccounts.PASSWORD);
    }

    /** A browser's cookie jar; cookies do not depend on the port, so both instances see the same ones. */
    private static final class Browser {

        private static final String ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";

        private final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();

        HttpResponse<String> signIn(ConfigurableApplicationContext app, String username, String password) throws Exception {
            String form = "username=" + username + "&password=" + URLEncoder.encode(password, StandardCharsets.UTF_8)
                    + "&_csrf=" + csrf(get(app, "/login").body(), "name=\"_csrf\" value=\"");
            HttpResponse<String> response = post(app, "/login", form);
            assertThat(response.headers().firstValue("Location").orElse("")).doesNotContain("error");
            return response;
        }

        /** A form post with the session's CSRF token, as the designer's forms send it. */
        HttpResponse<String> postWithToken(ConfigurableApplicationContext app, String path, String form) throws Exception {
            String token = csrf(get(app, "/account").body(), "<meta name=\"_csrf\" content=\"");
            return post(app, path, form + "&_csrf=" + token);
        }

        void signOut(ConfigurableApplicationContext app) throws Exception {
            String token = csrf(get(app, "/account").body(), "<meta name=\"_csrf\" content=\"");
            assertThat(post(app, "/logout", "_csrf=" + token).headers().firstValue("Location").orElse(""))
                    .endsWith("/login?logout");
        }

        HttpResponse<String> get(ConfigurableApplicationContext app, String path) throws Exception {
            return http.send(HttpRequest.newBuilder(uri(app, path)).header("Accept", ACCEPT).build(),
                    HttpResponse.BodyHandlers.ofString());
        }

        private HttpResponse<String> post(ConfigurableApplicationContext app, String path, String form) throws Exception {
            return http.send(HttpRequest.newBuilder(uri(app, path)).header("Accept", ACCEPT).header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        }

        private static URI uri(ConfigurableApplicationContext app, String path) {
            return URI.create("http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port") + path);
        }

        private static String csrf(String page, String before) {
            int start = page.indexOf(before) + before.length();
            return URLEncoder.encode(page.substring(start, page.indexOf('"', start)), StandardCharsets.UTF_8);
        }
    }
}
