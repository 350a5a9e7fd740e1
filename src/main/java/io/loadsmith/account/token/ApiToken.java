package io.loadsmith.account.token;

import java.time.Duration;
import java.time.Instant;

import io.loadsmith.account.Account;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

/** A bearer token of one account. The secret itself is never stored, only its SHA-256. */
@Entity
@Table(name = "api_token")
public class ApiToken {

    /** Last use is written at most this often per token, so a busy pipeline does not write on every call. */
    static final Duration LAST_USE_PRECISION = Duration.ofMinutes(1);

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "account_id")
    private Account account;

    @Column(nullable = false)
    private String name;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private TokenScope scope;

    @Column(name = "secret_sha256", nullable = false)
    private String secretSha256;

    @Column(nullable = false)
    private String prefix;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "last_used_at")
    private Instant lastUsedAt;

    @Column(name = "revoked_at")
    private Instant revokedAt;

    @Column(name = "expires_at")
    private Instant expiresAt;

    protected ApiToken() {
        // for JPA
    }

    ApiToken(Account account, String name, TokenScope scope, String secretSha256, String prefix, Instant now,
             Instant expiresAt) {
        this.expiresAt = expiresAt;
        this.account = account;
        this.name = name;
        this.scope = scope;
        this.secretSha256 = secretSha256;
        this.prefix = prefix;
        this.createdAt = now;
    }

    void revoke(Instant now) {
        if (revokedAt == null) {
            revokedAt = now;
        }
    }

    public Long getId() {
        return id;
    }

    public Account getAccount() {
        return account;
    }

    public String getName() {
        return name;
    }

    public TokenScope getScope() {
        return scope;
    }

    public String getPrefix() {
        return prefix;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public Instant getLastUsedAt() {
        return lastUsedAt;
    }

    public Instant getRevokedAt() {
        return revokedAt;
    }

    public Instant getExpiresAt() {
        return expiresAt;
    }
}
