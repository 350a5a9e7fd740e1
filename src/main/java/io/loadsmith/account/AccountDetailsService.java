package io.loadsmith.account;

import java.time.Clock;
import java.util.List;

import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Form sign-in reads accounts here; a throttled account reads as locked, so its password is not even checked. */
@Service
public class AccountDetailsService implements UserDetailsService {

    private final AccountRepository accounts;
    private final Clock clock;

    public AccountDetailsService(AccountRepository accounts, Clock clock) {
        this.accounts = accounts;
        this.clock = clock;
    }

    @Override
    @Transactional(readOnly = true)
    public UserDetails loadUserByUsername(String username) {
        Account account = accounts.findByUsername(username)
                .orElseThrow(() -> new UsernameNotFoundException("no account"));
        return User.withUsername(account.getUsername())
                .password(account.getPasswordHash())
                .authorities(List.of(new SimpleGrantedAuthority(account.getRole().authority())))
                .disabled(!account.isEnabled())
                .accountLocked(account.lockedAt(clock.instant()))
                .build();
    }
}
