package io.loadsmith.account.token;

import java.time.Instant;

import io.loadsmith.audit.Audited;

/**
 * A token as the audit trail keeps it: without its prefix (the prefix is six characters of the
 * secret, for its owner to recognise it in a list, never for a record that outlives the list), and
 * readable only by its owner and ADMINs, as the token pages are.
 */
public record TokenEvent(long id, String owner, String name, TokenScope scope, Instant createdAt, Instant lastUsedAt,
                  Instant revokedAt, Instant expiresAt) implements Audited {

    @Override
    public String auditName() {
        return owner + ":" + name;
    }

    @Override
    public String restrictedTo() {
        return owner;
    }

    static TokenEvent of(ApiToken token) {
        return new TokenEvent(token.getId(), token.getAccount().getUsername(), token.getName(), token.getScope(),
                token.getCreatedAt(), token.getLastUsedAt(), token.getRevokedAt(), token.getExpiresAt());
    }
}
