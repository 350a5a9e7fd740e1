package io.loadsmith.account;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import org.springframework.security.test.context.TestSecurityContextHolder;
import org.springframework.test.web.servlet.MvcResult;

import io.loadsmith.identity.Role;
import io.loadsmith.security.TestAccounts;
import io.loadsmith.store.Api;
import io.loadsmith.store.H2StoreTest;

/** User names compare ignoring case: creation (API and the Users page), sign-in, and the throttle's count. */
class UserNamesTest extends H2StoreTest {

    @Autowired
    AccountService accounts;

    @Autowired
    AccountRepository repository;

    @Test
    void aNameInOtherCaseIsTheSameAccount() throws Exception {
        accounts.create("nm_casey", TestAccounts.PASSWORD, Role.EDITOR);

        Api.Answer api = api().send(HttpMethod.POST, "/api/v1/users", obj("username", "NM_CASEY",
                "password", TestAccounts.PASSWORD, "role", "ADMIN"));
        assertThat(api.status()).as(api.body()).isEqualTo(409);
        assertThat(api.body()).contains("nm_casey", "ignoring case");
        String page = mvc.perform(post("/admin/users").param("username", "Nm_Casey")
                .param("password", TestAccounts.PASSWORD).param("role", "ADMIN")).andReturn().getResponse()
                .getContentAsString();
        assertThat(page).contains("An account named &#39;nm_casey&#39; already exists");
        assertThat(accounts.list().stream().filter(a -> a.username().equalsIgnoreCase("nm_casey")).count()).isEqualTo(1);

        TestSecurityContextHolder.clearContext();
        MvcResult signedIn = mvc.perform(post("/login").param("username", "NM_CASEY")
                .param("password", TestAccounts.PASSWORD).with(csrf())).andReturn();
        assertThat(signedIn.getResponse().getRedirectedUrl()).doesNotContain("error");
        var session = signedIn.getResponse().getCookie("LOADSMITH_SESSION");
        assertThat(session).as("a session cookie").isNotNull();
        String home = mvc.perform(get("/").cookie(session)).andReturn().getResponse().getContentAsString();
        assertThat(home).contains("nm_casey").doesNotContain("NM_CASEY");

        // Failures in any case count against the one account.
        for (String name : new String[] {"nm_casey", "NM_CASEY", "Nm_Casey"}) {
            mvc.perform(post("/login").param("username", name).param("password", "wrong password").with(csrf()));
        }
        assertThat(repository.findByUsername("nm_casey").orElseThrow().getFailedLogins()).isEqualTo(3);
    }
}
