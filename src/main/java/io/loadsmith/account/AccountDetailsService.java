package io.loadsmith.account;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.List;

import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Form sign-in reads accounts here. A throttled or disabled account is given a password hash that no
 * password matches, rather than being reported as locked or disabled: Spring would say so before it
 * checks the password, so the answer (and its timing: no hash check) would tell a real account from
 * an unknown name. This way every failed sign-in checks one hash and reads "wrong username or
 * password", whether the name exists or not.
 */
@Service
class AccountDetailsService implements UserDetailsService {

    private final AccountRepository accounts;
    private final Clock clock;
    private final PasswordEncoder passwords;
    /** The hash of a random password nobody knows; made on first use, so start-up does not pay for it. */
    private volatile String unusable;

    public AccountDetailsService(AccountRepository accounts, Clock clock, PasswordEncoder passwords) {
        this.accounts = accounts;
        this.clock = clock;
        this.passwords = passwords;
    }

    @Override
    @Transactional(readOnly = true)
    public UserDetails loadUserByUsername(String username) {
        Account account = accounts.findByUsername(username)
                .orElseThrow(() -> new UsernameNotFoundException("no account"));
        boolean barred = !account.isEnabled() || account.lockedAt(clock.instant());
        return User.withUsername(account.getUsername())
                .password(barred ? unusable() : account.getPasswordHash())
                .authorities(List.of(new SimpleGrantedAuthority(account.getRole().authority())))
                .build();
    }

    private String unusable() {
        String hash = unusable;
        if (hash == null) {
            byte[] random = new byte[32];
            new SecureRandom().nextBytes(random);
            hash = passwords.encode(Base64.getEncoder().encodeToString(random));
            unusable = hash;
        }
        return hash;
    }
}
