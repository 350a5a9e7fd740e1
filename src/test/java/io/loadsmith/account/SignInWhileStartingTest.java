package io.loadsmith.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestBuilders.formLogin;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.DefaultApplicationArguments;
import org.springframework.security.test.context.TestSecurityContextHolder;
import org.springframework.test.web.servlet.MvcResult;

import io.loadsmith.store.H2StoreTest;

/**
 * The port opens before the first start's administrator exists: a sign-in then is not the person's
 * mistake, and the form says Loadsmith is starting rather than "wrong username or password".
 */
class SignInWhileStartingTest extends H2StoreTest {

    @Autowired
    AccountsReady ready;

    @Autowired
    AdminBootstrap bootstrap;

    @Test
    void aSignInBeforeTheBootstrapFinishedSaysLoadsmithIsStarting() throws Exception {
        TestSecurityContextHolder.clearContext();
        ready.starting();
        try {
            for (String user : new String[] {"admin", "nobody-yet"}) {
                assertThat(message(user)).isEqualTo("Loadsmith is starting, try again in a moment.");
            }
        } finally {
            bootstrap.run(new DefaultApplicationArguments());
        }
        assertThat(ready.isReady()).isTrue();
        assertThat(message("nobody-yet")).isEqualTo(SignInFailure.MESSAGE_TEXT);
    }

    private String message(String user) throws Exception {
        MvcResult result = mvc.perform(formLogin().user(user).password("not the password")).andReturn();
        String page = mvc.perform(get(result.getResponse().getRedirectedUrl())).andReturn().getResponse().getContentAsString();
        return org.jsoup.Jsoup.parse(page).select("[role=alert] strong").text();
    }
}
