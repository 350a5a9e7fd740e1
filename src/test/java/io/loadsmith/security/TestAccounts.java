package io.loadsmith.security;

import org.springframework.context.ApplicationContext;

import io.loadsmith.account.AccountService;
import io.loadsmith.account.token.ApiTokenService;
import io.loadsmith.account.token.TokenScope;
import io.loadsmith.identity.Role;

/** Accounts and bearer tokens for tests that call a running application over real HTTP. */
public final class TestAccounts {

    public static final String PASSWORD = "correct horse battery staple";

    private TestAccounts() {
    }

    /** An account with {@code role} (created unless it exists) and a fresh token of it; the token's secret. */
    public static String token(ApplicationContext app, String username, Role role, TokenScope scope) {
        AccountService accounts = app.getBean(AccountService.class);
        if (accounts.list().stream().noneMatch(a -> a.username().equals(username))) {
            accounts.create(username, PASSWORD, role);
        }
        return app.getBean(ApiTokenService.class).issue(username, "test", scope).secret();
    }

    /** "Bearer ..." for a WRITE token of an ADMIN. */
    public static String adminBearer(ApplicationContext app) {
        return "Bearer " + token(app, "test-admin", Role.ADMIN, TokenScope.WRITE);
    }
}
