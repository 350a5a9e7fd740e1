package io.loadsmith.account.token;

import java.time.Instant;

import io.loadsmith.identity.Role;

/** What a bearer secret grants, read in one query per API call: the token's and its account's state. */
public record TokenGrant(long tokenId, String username, Role role, boolean enabled, TokenScope scope,
                         Instant revokedAt, Instant lastUsedAt, Instant expiresAt) {

    boolean usableAt(Instant now) {
        return revokedAt == null && enabled && (expiresAt == null || expiresAt.isAfter(now));
    }

    /** READ is a VIEWER's rights at most; WRITE is the owner's role. */
    Role grantedRole() {
        return scope == TokenScope.READ ? Role.VIEWER : role;
    }
}
