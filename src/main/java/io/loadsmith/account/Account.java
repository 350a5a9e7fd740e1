package io.loadsmith.account;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;

import io.loadsmith.identity.Role;
import io.loadsmith.store.StoredRow;

/** A person who signs in. Guards its own rules: throttled sign-in, and only hashed passwords. */
@Entity
@Table(name = "account")
public class Account extends StoredRow {

    /** Failures allowed before sign-in is refused for a while; each further failure doubles the wait. */
    static final int FREE_FAILURES = 5;
    static final Duration FIRST_LOCK = Duration.ofSeconds(30);
    static final Duration LONGEST_LOCK = Duration.ofMinutes(15);

    @Column(nullable = false)
    private String username;

    /** The user name in lower case: what sign-in and uniqueness compare (V8), so 'ADMIN' is 'admin'. */
    @Column(name = "username_key", nullable = false)
    private String usernameKey;

    @Column(name = "password_hash", nullable = false)
    private String passwordHash;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private Role role;

    @Column(nullable = false)
    private boolean enabled = true;

    @Column(name = "failed_logins", nullable = false)
    private int failedLogins;

    @Column(name = "locked_until")
    private Instant lockedUntil;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected Account() {
        // for JPA
    }

    Account(String username, String passwordHash, Role role, Instant now) {
        this.username = username;
        this.usernameKey = key(username);
        this.passwordHash = passwordHash;
        this.role = role;
        this.createdAt = now;
    }

    /** Lower case, as the database's lower() gives it for the characters a user name may hold. */
    static String key(String username) {
        return username.toLowerCase(Locale.ROOT);
    }

    void signInFailed(Instant now) {
        failedLogins++;
        if (failedLogins >= FREE_FAILURES) {
            int doublings = Math.min(failedLogins - FREE_FAILURES, 10);
            Duration wait = FIRST_LOCK.multipliedBy(1L << doublings);
            lockedUntil = now.plus(wait.compareTo(LONGEST_LOCK) > 0 ? LONGEST_LOCK : wait);
        }
    }

    void signedIn() {
        failedLogins = 0;
        lockedUntil = null;
    }

    public boolean lockedAt(Instant now) {
        return lockedUntil != null && lockedUntil.isAfter(now);
    }

    void changePassword(String newHash) {
        this.passwordHash = newHash;
        signedIn();
    }

    void changeRole(Role newRole) {
        this.role = newRole;
    }

    void enable(boolean value) {
        this.enabled = value;
    }

    public String getUsername() {
        return username;
    }

    public String getPasswordHash() {
        return passwordHash;
    }

    public Role getRole() {
        return role;
    }

    public boolean isEnabled() {
        return enabled;
    }

    public int getFailedLogins() {
        return failedLogins;
    }

    public Instant getLockedUntil() {
        return lockedUntil;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

}
