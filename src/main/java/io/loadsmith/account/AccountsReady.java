package io.loadsmith.account;

import org.springframework.stereotype.Component;

/**
 * Whether the first start's administrator exists yet. The port opens before {@link AdminBootstrap}
 * has run, and until then every sign-in fails: the form says "starting" rather than "wrong password".
 */
@Component
public class AccountsReady {

    private volatile boolean ready;

    public boolean isReady() {
        return ready;
    }

    void ready() {
        ready = true;
    }

    /** For tests that sign in before the bootstrap has run again. */
    void starting() {
        ready = false;
    }
}
