package io.loadsmith.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.test.context.TestSecurityContextHolder;
import org.springframework.test.web.servlet.MvcResult;

import io.loadsmith.account.AccountService;
import io.loadsmith.identity.Role;
import jakarta.servlet.http.Cookie;

/**
 * Sessions live in the metadata store, so a visit without an account must store none: not the
 * sign-in page (its CSRF token is a cookie), not a page that sends to it (the page is remembered in
 * a cookie), not a failed sign-in (the name typed comes back in a cookie). Signing in still needs
 * the form's token, taken only from the body or a header, never from the address.
 */
@org.springframework.boot.test.context.SpringBootTest
class NoSessionBeforeSignInTest {

    /**
     * A context of its own: Spring Security's csrf() test helper, used by the other full-stack tests,
     * swaps the chain's token repository for a session-backed one in the context it runs in.
     */
    @org.springframework.test.context.DynamicPropertySource
    static void store(org.springframework.test.context.DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:nosession;DB_CLOSE_DELAY=-1");
        registry.add("spring.flyway.locations", () -> "classpath:db/migration");
    }

    private static final int VISITS = 30;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    AccountService accounts;

    @Autowired
    org.springframework.web.context.WebApplicationContext context;

    /**
     * A browser: the store's session filter and the security chain, without the test default that
     * adds a valid CSRF token to every request (and keeps it out of the real token repository).
     */
    private org.springframework.test.web.servlet.MockMvc browser;

    @BeforeEach
    void anonymous() {
        TestSecurityContextHolder.clearContext();
        browser = org.springframework.test.web.servlet.setup.MockMvcBuilders.webAppContextSetup(context)
                .addFilters(context.getBean("springSessionRepositoryFilter", jakarta.servlet.Filter.class),
                        context.getBean("springSecurityFilterChain", jakarta.servlet.Filter.class))
                .build();
    }

    private int sessions() {
        return jdbc.queryForObject("SELECT COUNT(*) FROM SPRING_SESSION", Integer.class);
    }

    @Test
    void anonymousVisitsStoreNoSession() throws Exception {
        int before = sessions();
        List<String> pages = List.of("/login", "/login?error", "/login?logout", "/login?starting", "/", "/entities",
                "/loads/1", "/packages", "/app.css", "/favicon.svg", "/actuator/health", "/no-such-page");
        for (int i = 0; i < VISITS; i++) {
            for (String page : pages) {
                MvcResult visit = browser.perform(get(page)).andReturn();
                assertThat(visit.getResponse().getCookie("LOADSMITH_SESSION")).as(page).isNull();
            }
            // A failed sign-in, with the form's real token.
            MvcResult form = browser.perform(get("/login")).andReturn();
            MvcResult failed = browser.perform(post("/login").cookie(form.getResponse().getCookies())
                    .param("username", "nobody-" + i).param("password", "wrong password").param("_csrf", token(form))).andReturn();
            assertThat(failed.getResponse().getRedirectedUrl()).endsWith("/login?error");
            assertThat(failed.getResponse().getCookie("LOADSMITH_SESSION")).isNull();
        }
        assertThat(sessions()).isEqualTo(before);
    }

    @Test
    void signingInWithTheFormsTokenWorksAndStoresOneSession() throws Exception {
        int before = sessions();
        MvcResult form = signInFormOf("nosession-user");
        String token = token(form);
        Cookie[] cookies = form.getResponse().getCookies();
        assertThat(form.getResponse().getCookie("LOADSMITH_CSRF")).isNotNull()
                .satisfies(c -> assertThat(c.isHttpOnly()).isTrue());

        MvcResult signedIn = browser.perform(post("/login").cookie(cookies).param("username", "nosession-user")
                .param("password", TestAccounts.PASSWORD).param("_csrf", token)).andReturn();

        assertThat(signedIn.getResponse().getRedirectedUrl()).isEqualTo("/");
        assertThat(signedIn.getResponse().getCookie("LOADSMITH_SESSION")).isNotNull();
        assertThat(sessions()).isEqualTo(before + 1);
    }

    @Test
    void aMissingWrongOrForeignTokenIsRefusedAndStoresNothing() throws Exception {
        int before = sessions();
        MvcResult form = signInFormOf("nosession-csrf");
        String token = token(form);
        Cookie[] cookies = form.getResponse().getCookies();
        Cookie[] othersCookies = browser.perform(get("/login")).andReturn().getResponse().getCookies();

        assertRefused(post("/login").cookie(cookies).param("username", "nosession-csrf").param("password", TestAccounts.PASSWORD));
        assertRefused(post("/login").cookie(cookies).param("username", "nosession-csrf").param("password", TestAccounts.PASSWORD)
                .param("_csrf", token.substring(0, token.length() - 2) + "xx"));
        // The token of another browser's form, or a form's token without its cookie.
        assertRefused(post("/login").cookie(othersCookies).param("username", "nosession-csrf")
                .param("password", TestAccounts.PASSWORD).param("_csrf", token));
        assertRefused(post("/login").param("username", "nosession-csrf").param("password", TestAccounts.PASSWORD)
                .param("_csrf", token));
        assertThat(sessions()).isEqualTo(before);
    }

    /** A token in the address leaks into logs and Referer headers: refused there, for the sign-in form and a signed-in one. */
    @Test
    void theTokenIsAcceptedInTheBodyOrAHeaderButNeverInTheAddress() throws Exception {
        MvcResult form = signInFormOf("nosession-query");
        String token = token(form);
        Cookie[] cookies = form.getResponse().getCookies();

        assertRefused(post("/login?_csrf=" + token).cookie(cookies).param("username", "nosession-query")
                .param("password", TestAccounts.PASSWORD));
        // Also when the body has it too: the address may not carry it at all.
        assertRefused(post("/login?_csrf=" + token).cookie(cookies).param("username", "nosession-query")
                .param("password", TestAccounts.PASSWORD).content("_csrf=" + token)
                .contentType("application/x-www-form-urlencoded"));
        MvcResult signedIn = browser.perform(post("/login").cookie(cookies).param("username", "nosession-query")
                .param("password", TestAccounts.PASSWORD).param("_csrf", token)).andReturn();
        assertThat(signedIn.getResponse().getRedirectedUrl()).isEqualTo("/");

        // Signing in clears the token's cookie and sets a new one: as a browser, the last of each name counts.
        Cookie[] signedInCookies = kept(signedIn.getResponse().getCookies());
        MvcResult account = browser.perform(get("/account").cookie(signedInCookies)).andReturn();
        String pageToken = token(account);
        assertRefused(post("/logout?_csrf=" + pageToken).cookie(signedInCookies));
        assertThat(browser.perform(get("/account").cookie(signedInCookies)).andReturn().getResponse().getStatus())
                .as("still signed in").isEqualTo(200);
        assertThat(browser.perform(post("/logout").cookie(signedInCookies).header("X-CSRF-TOKEN", pageToken)).andReturn()
                .getResponse().getRedirectedUrl()).isEqualTo("/login?logout");
    }

    private void assertRefused(org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder request) throws Exception {
        MvcResult refused = browser.perform(request).andReturn();
        assertThat(refused.getResponse().getStatus()).isEqualTo(403);
        assertThat(refused.getResponse().getCookie("LOADSMITH_SESSION")).isNull();
    }

    /** A new account's sign-in form, as a browser gets it (the page with its token, and the cookies). */
    private MvcResult signInFormOf(String username) throws Exception {
        accounts.create(username, TestAccounts.PASSWORD, Role.VIEWER);
        return browser.perform(get("/login")).andReturn();
    }

    private static Cookie[] kept(Cookie[] set) {
        java.util.Map<String, Cookie> byName = new java.util.LinkedHashMap<>();
        for (Cookie cookie : set) {
            if (cookie.getMaxAge() == 0) {
                byName.remove(cookie.getName());
            } else {
                byName.put(cookie.getName(), cookie);
            }
        }
        return byName.values().toArray(Cookie[]::new);
    }

    private static String token(MvcResult page) throws Exception {
        org.jsoup.nodes.Document html = org.jsoup.Jsoup.parse(page.getResponse().getContentAsString());
        String token = html.select("input[name=_csrf]").attr("value");
        if (token.isEmpty()) {
            token = html.select("meta[name=_csrf]").attr("content");
        }
        assertThat(token).as("the page's CSRF token").isNotEmpty();
        return token;
    }
}
