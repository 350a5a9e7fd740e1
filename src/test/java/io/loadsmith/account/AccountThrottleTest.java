package io.loadsmith.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import io.loadsmith.identity.Role;

/** The sign-in throttle's arithmetic: five free failures, then 30 s doubling per failure up to 15 min. */
class AccountThrottleTest {

    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    @Test
    void fiveFailuresLockForThirtySecondsAndEachFurtherOneDoublesUpToFifteenMinutes() {
        Account account = new Account("alice", "{noop}x", Role.EDITOR, NOW);
        for (int i = 1; i <= 4; i++) {
            account.signInFailed(NOW);
            assertThat(account.lockedAt(NOW)).as("after %d failures", i).isFalse();
        }
        account.signInFailed(NOW);
        assertThat(Duration.between(NOW, account.getLockedUntil())).isEqualTo(Duration.ofSeconds(30));
        assertThat(account.lockedAt(NOW.plusSeconds(29))).isTrue();
        assertThat(account.lockedAt(NOW.plusSeconds(30))).isFalse();

        account.signInFailed(NOW);
        assertThat(Duration.between(NOW, account.getLockedUntil())).isEqualTo(Duration.ofSeconds(60));
        account.signInFailed(NOW);
        assertThat(Duration.between(NOW, account.getLockedUntil())).isEqualTo(Duration.ofSeconds(120));
        for (int i = 0; i < 20; i++) {
            account.signInFailed(NOW);
        }
        assertThat(Duration.between(NOW, account.getLockedUntil())).isEqualTo(Duration.ofMinutes(15));
    }

    @Test
    void aSuccessOrANewPasswordClearsTheCount() {
        Account account = new Account("bob", "{noop}x", Role.VIEWER, NOW);
        for (int i = 0; i < 6; i++) {
            account.signInFailed(NOW);
        }
        account.signedIn();
        assertThat(account.getFailedLogins()).isZero();
        assertThat(account.lockedAt(NOW)).isFalse();
        for (int i = 0; i < 4; i++) {
            account.signInFailed(NOW);
        }
        assertThat(account.lockedAt(NOW)).as("four failures after a success are still free").isFalse();
        account.signInFailed(NOW);
        account.changePassword("{noop}y");
        assertThat(account.lockedAt(NOW)).as("an ADMIN's password reset lifts the lock").isFalse();
    }
}
