package io.loadsmith.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestBuilders.formLogin;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.test.context.TestSecurityContextHolder;
import org.springframework.test.web.servlet.MvcResult;

import io.loadsmith.account.AccountRepository;
import io.loadsmith.account.AccountService;
import io.loadsmith.account.SignInFailure;
import io.loadsmith.identity.Role;
import io.loadsmith.store.H2StoreTest;
import jakarta.servlet.http.Cookie;

/** The sign-in form: success, the throttle, disabled accounts, and what a refused form post says. */
class SignInTest extends H2StoreTest {

    /** No mock user: requests are whoever their session cookie says, as in a browser. */
    @BeforeEach
    void noMockUser() {
        TestSecurityContextHolder.clearContext();
    }

    @Autowired
    AccountService accounts;

    @Autowired
    AccountRepository repository;

    @Test
    void aGoodSignInReturnsToThePageThatAskedForIt() throws Exception {
        accounts.create("signin-good", TestAccounts.PASSWORD, Role.VIEWER);
        MvcResult asked = mvc.perform(get("/entities")).andReturn();
        assertThat(asked.getResponse().getRedirectedUrl()).endsWith("/login");
        // The page asked for is remembered in a cookie: no session exists before signing in.
        assertThat(asked.getResponse().getCookie("LOADSMITH_SESSION")).isNull();

        MvcResult signedIn = mvc.perform(post("/login").param("username", "signin-good")
                .param("password", TestAccounts.PASSWORD).with(csrf()).cookie(asked.getResponse().getCookies())).andReturn();
        assertThat(signedIn.getResponse().getRedirectedUrl()).contains("/entities");
        Cookie after = sessionCookie(signedIn);
        String page = mvc.perform(get("/entities").cookie(after)).andReturn().getResponse().getContentAsString();
        assertThat(page).contains("signin-good").contains("Sign out");
    }

    @Test
    void aFailedSignInKeepsTheNameTypedAndAsksOnlyForThePassword() throws Exception {
        MvcResult failed = mvc.perform(formLogin().user("signin-typo").password("wrong")).andReturn();
        assertThat(failed.getResponse().getCookie("LOADSMITH_SESSION")).isNull();
        assertThat(failed.getResponse().getRedirectedUrl()).as("the name typed is not in the address").doesNotContain("signin-typo");
        MvcResult shown = mvc.perform(get("/login?error").cookie(failed.getResponse().getCookies())).andReturn();
        org.jsoup.nodes.Document page = org.jsoup.Jsoup.parse(shown.getResponse().getContentAsString());
        assertThat(page.select("#username").attr("value")).isEqualTo("signin-typo");
        assertThat(page.select("#password").hasAttr("autofocus")).isTrue();
        assertThat(page.select("#username").hasAttr("autofocus")).isFalse();
        // Shown once: the cookie is cleared as it is read, and the next visit of the form is empty again.
        assertThat(shown.getResponse().getCookie("LOADSMITH_SIGNIN_NAME").getMaxAge()).isZero();
        org.jsoup.nodes.Document again = org.jsoup.Jsoup.parse(mvc.perform(get("/login")).andReturn()
                .getResponse().getContentAsString());
        assertThat(again.select("#username").attr("value")).isEmpty();
        assertThat(again.select("#username").hasAttr("autofocus")).isTrue();
    }

    @Test
    void fiveWrongPasswordsLockTheAccountEvenAgainstTheRightOne() throws Exception {
        accounts.create("signin-guessed", TestAccounts.PASSWORD, Role.EDITOR);
        for (int i = 0; i < 4; i++) {
            assertThat(signIn("signin-guessed", "wrong password " + i)).isEqualTo(SignInFailure.MESSAGE_TEXT);
        }
        assertThat(signIn("signin-guessed", "wrong password 5")).isEqualTo(SignInFailure.MESSAGE_TEXT);
        assertThat(repository.findByUsername("signin-guessed").orElseThrow().getLockedUntil()).isNotNull();

        // Locked: even the right password is refused, with the answer an unknown name gets.
        assertThat(signIn("signin-guessed", TestAccounts.PASSWORD)).isEqualTo(SignInFailure.MESSAGE_TEXT);
        assertThat(repository.findByUsername("signin-guessed").orElseThrow().getFailedLogins())
                .as("tries while locked are not checked, so they do not lengthen the lock").isEqualTo(5);
    }

    /**
     * Account enumeration through the throttle: after the same number of wrong passwords, a real
     * (now locked) account and a name nobody has answer alike: same redirect, same message, and a
     * password hash checked for both, so the locked one is not answered measurably faster.
     */
    @Test
    void aLockedAccountAndAnUnknownNameAnswerAlike() throws Exception {
        accounts.create("signin-enum", TestAccounts.PASSWORD, Role.VIEWER);
        for (int i = 0; i < 6; i++) {
            assertThat(signIn("signin-enum", "wrong " + i)).isEqualTo(signIn("signin-enum-nobody", "wrong " + i));
        }
        assertThat(repository.findByUsername("signin-enum").orElseThrow().getLockedUntil()).isNotNull();
        assertThat(signIn("signin-enum", TestAccounts.PASSWORD)).isEqualTo(signIn("signin-enum-nobody", TestAccounts.PASSWORD))
                .isEqualTo(SignInFailure.MESSAGE_TEXT);
        long locked = medianNanos("signin-enum");
        long unknown = medianNanos("signin-enum-nobody");
        // Before the fix a locked account skipped the hash check: about 30 times faster than an unknown name.
        assertThat((double) locked / unknown).as("locked %d ns against unknown %d ns", locked, unknown).isBetween(0.3, 3.0);
    }

    private long medianNanos(String username) throws Exception {
        long[] times = new long[5];
        for (int i = 0; i < times.length; i++) {
            long start = System.nanoTime();
            MvcResult result = mvc.perform(formLogin().user(username).password("timing " + i)).andReturn();
            times[i] = System.nanoTime() - start;
            assertThat(result.getResponse().getRedirectedUrl()).endsWith("/login?error");
        }
        java.util.Arrays.sort(times);
        return times[times.length / 2];
    }

    @Test
    void unknownNamesAndWrongPasswordsReadTheSame() throws Exception {
        accounts.create("signin-known", TestAccounts.PASSWORD, Role.VIEWER);
        assertThat(signIn("signin-nobody", "whatever it is")).isEqualTo(signIn("signin-known", "not the password"));
    }

    @Test
    void aDisabledAccountCannotSignIn() throws Exception {
        var account = accounts.create("signin-disabled", TestAccounts.PASSWORD, Role.EDITOR);
        accounts.change(account.id(), account.version(), Role.EDITOR, false);
        // Read like a wrong password: Spring would report "disabled" before checking the password, for any password.
        assertThat(signIn("signin-disabled", TestAccounts.PASSWORD)).isEqualTo(signIn("signin-nobody-else", TestAccounts.PASSWORD));
        assertThat(signIn("signin-disabled", "any other")).isEqualTo(SignInFailure.MESSAGE_TEXT);
    }

    @Test
    void aFormPostWithoutTheCsrfTokenIsRefusedAndChangesNothing() throws Exception {
        MvcResult refused = mvc.perform(post("/admin/users").with(org.springframework.security.test.web.servlet.request
                        .SecurityMockMvcRequestPostProcessors.user("csrf-admin").roles("ADMIN"))
                .with(csrf().useInvalidToken()).param("username", "csrf-victim")
                .param("password", TestAccounts.PASSWORD).param("role", "ADMIN")).andReturn();
        assertThat(refused.getResponse().getStatus()).isEqualTo(403);
        assertThat(refused.getResponse().getErrorMessage()).contains("without a valid security token");
        assertThat(repository.findByUsername("csrf-victim")).isEmpty();
    }

    @Test
    void pagesCarrySecureHeaders() throws Exception {
        var response = mvc.perform(get("/login")).andReturn().getResponse();
        assertThat(response.getHeader("Content-Security-Policy")).contains("default-src 'self'", "script-src 'self'",
                "frame-ancestors 'none'");
        assertThat(response.getHeader("X-Frame-Options")).isEqualTo("DENY");
        assertThat(response.getHeader("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(response.getHeader("Referrer-Policy")).isEqualTo("same-origin");
        assertThat(response.getHeader("Cache-Control")).contains("no-store");
    }

    @Test
    void htmxIsSentToSignInAndShownRefusalsInTheMainArea() throws Exception {
        var anonymous = mvc.perform(get("/entities?name=V").header("HX-Request", "true")).andReturn().getResponse();
        assertThat(anonymous.getStatus()).isEqualTo(401);
        assertThat(anonymous.getHeader("HX-Redirect")).isEqualTo("/login");

        var viewer = mvc.perform(post("/entities").header("HX-Request", "true")
                .with(org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors
                        .user("htmx-viewer").roles("VIEWER"))).andReturn().getResponse();
        assertThat(viewer.getStatus()).isEqualTo(403);
        assertThat(viewer.getHeader("HX-Retarget")).isEqualTo("#main");
        assertThat(viewer.getHeader("HX-Reselect")).isEqualTo(".error-page");
        assertThat(viewer.getErrorMessage()).contains("Your role (VIEWER) does not allow POST /entities",
                "it needs the EDITOR role");
    }

    /** Signs in with the form and returns the message the sign-in page then shows. */
    private String signIn(String username, String password) throws Exception {
        MvcResult result = mvc.perform(formLogin().user(username).password(password)).andReturn();
        assertThat(result.getResponse().getRedirectedUrl()).endsWith("/login?error");
        var get = get("/login?error");
        if (result.getResponse().getCookies().length > 0) {
            get.cookie(result.getResponse().getCookies());
        }
        String page = mvc.perform(get).andReturn().getResponse().getContentAsString();
        String message = org.jsoup.Jsoup.parse(page).select("[role=alert] strong").text();
        assertThat(message).as("the sign-in page's message").isNotBlank();
        return message;
    }

    /** Sessions live in the store (Spring Session JDBC): requests find theirs by this cookie. */
    static Cookie sessionCookie(MvcResult result) {
        Cookie cookie = result.getResponse().getCookie("LOADSMITH_SESSION");
        assertThat(cookie).as("a session cookie").isNotNull();
        assertThat(cookie.isHttpOnly()).isTrue();
        return cookie;
    }
}
