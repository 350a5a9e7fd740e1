package io.loadsmith.token;

import java.time.Instant;

import io.loadsmith.audit.Audited;

/** A token as lists show it: its prefix to recognise it, never the secret. */
public record TokenView(long id, String owner, String name, TokenScope scope, String prefix, Instant createdAt,
                        Instant lastUsedAt, Instant revokedAt, Instant expiresAt) implements Audited {

    @Override
    public String auditName() {
        return owner + ":" + name;
    }

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
