package io.loadsmith.account;

import java.time.Instant;

import io.loadsmith.audit.Audited;
import io.loadsmith.identity.Role;

/** An account as pages and the API show it: never the password hash. */
public record AccountView(long id, String username, Role role, boolean enabled, Instant createdAt,
                          Instant lockedUntil, long version) implements Audited {

    @Override
    public String auditName() {
        return username;
    }

    static AccountView of(Account account) {
        return new AccountView(account.getId(), account.getUsername(), account.getRole(), account.isEnabled(),
                account.getCreatedAt(), account.getLockedUntil(), account.getVersion());
    }
}
