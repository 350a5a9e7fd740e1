package io.loadsmith.account.token;

import java.time.Instant;

/** A token as its owner's and ADMINs' lists show it: its prefix to recognise it, never the secret; the audit trail keeps a {@link TokenEvent}. */
public record TokenView(long id, String owner, String name, TokenScope scope, String prefix, Instant createdAt,
                        Instant lastUsedAt, Instant revokedAt, Instant expiresAt) {

    public boolean active() {
        return revokedAt == null && !expired();
    }

    public boolean expired() {
        return expiresAt != null && !expiresAt.isAfter(Instant.now());
    }

    static TokenView of(ApiToken token) {
        return new TokenView(token.getId(), token.getAccount().getUsername(), token.getName(), token.getScope(),
                token.getPrefix(), token.getCreatedAt(), token.getLastUsedAt(), token.getRevokedAt(),
                token.getExpiresAt());
    }
}
