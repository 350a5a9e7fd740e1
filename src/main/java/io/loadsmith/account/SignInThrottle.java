package io.loadsmith.account;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Counts failed sign-ins per account in the store, shared by every instance: after
 * {@value Account#FREE_FAILURES} failures sign-in is refused for 30 s, doubling per further failure up
 * to 15 min. A success resets the count. Names without an account are not counted (there is nothing
 * to protect, and counting them would let anyone fill the table).
 */
@Service
@Transactional
public class SignInThrottle {

    private final AccountRepository accounts;
    private final Clock clock;

    public SignInThrottle(AccountRepository accounts, Clock clock) {
        this.accounts = accounts;
        this.clock = clock;
    }

    /**
     * While an account is locked its password is not checked at all (see AccountDetailsService), so a
     * failure then proves nothing and does not lengthen the lock.
     */
    public void failed(String username) {
        Instant now = clock.instant();
        accounts.findByUsername(username).filter(account -> !account.lockedAt(now))
                .ifPresent(account -> account.signInFailed(now));
    }

    public void succeeded(String username) {
        accounts.findByUsername(username).filter(a -> a.getFailedLogins() > 0 || a.getLockedUntil() != null)
                .ifPresent(Account::signedIn);
    }

    /** When a locked account may try again; empty when it is not locked. */
    @Transactional(readOnly = true)
    public Optional<Instant> lockedUntil(String username) {
        Instant now = clock.instant();
        return accounts.findByUsername(username).filter(a -> a.lockedAt(now)).map(Account::getLockedUntil);
    }
}
