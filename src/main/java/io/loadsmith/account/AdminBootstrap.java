package io.loadsmith.account;

import java.security.SecureRandom;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Component;

import io.loadsmith.identity.Role;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;

/**
 * On the first start (no account yet) creates the administrator. Its password comes from
 * LOADSMITH_ADMIN_PASSWORD, or is generated and written to the log this once: there is no default
 * password. A second instance starting at the same moment loses the insert race and carries on.
 */
@Component
class AdminBootstrap implements ApplicationRunner {

    private static final Logger LOG = LoggerFactory.getLogger(AdminBootstrap.class);
    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

    private final AccountRepository accounts;
    private final AccountService service;
    private final AccountsReady ready;
    private final String username;
    private final String password;

    AdminBootstrap(AccountRepository accounts, AccountService service, AccountsReady ready,
                   @Value("${loadsmith.admin.username:admin}") String username,
                   @Value("${loadsmith.admin.password:}") String password) {
        this.accounts = accounts;
        this.service = service;
        this.ready = ready;
        this.username = username;
        this.password = password;
    }

    /**
     * Once the context is refreshed, while the port is already open (start-up, issue 18: the
     * repository and the password hash no longer delay the first answer). The readiness probe
     * reports ready only after every runner, so a load balancer sends no one before the
     * administrator exists; a too weak password still stops the start.
     */
    @Override
    public void run(ApplicationArguments args) {
        create();
        ready.ready();
    }

    private void create() {
        if (accounts.count() > 0) {
            return;
        }
        boolean generated = password.isEmpty();
        String initial = generated ? generate() : password;
        try {
            service.create(username, initial, Role.ADMIN);
        } catch (DataIntegrityViolationException | ConflictException raced) {
            return;
        } catch (InvalidRequestException weak) {
            throw new IllegalStateException("LOADSMITH_ADMIN_PASSWORD is too weak: it must be "
                    + AccountService.MIN_PASSWORD + " to " + AccountService.MAX_PASSWORD + " characters long.");
        }
        if (generated) {
            LOG.warn("""

                    Created the administrator account '{}' with the generated password: {}
                    It is shown only this once. Sign in and change it under 'Account', or set
                    LOADSMITH_ADMIN_PASSWORD before the first start to choose it yourself.
                    """, username, initial);
        } else {
            LOG.info("Created the administrator account '{}' with the password from LOADSMITH_ADMIN_PASSWORD.", username);
        }
    }

    private static String generate() {
        SecureRandom random = new SecureRandom();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            out.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return out.toString();
    }
}
