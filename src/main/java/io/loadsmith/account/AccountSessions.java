package io.loadsmith.account;

import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.Session;
import org.springframework.stereotype.Component;

/**
 * The signed-in sessions of one person, in the shared session store: ended when an ADMIN disables
 * the account, narrows its role or resets its password, on every instance at once.
 */
@Component
class AccountSessions {

    private final FindByIndexNameSessionRepository<? extends Session> sessions;

    public AccountSessions(FindByIndexNameSessionRepository<? extends Session> sessions) {
        this.sessions = sessions;
    }

    public void endAll(String username) {
        endAllBut(username, null);
    }

    /** After a password change: every other session of the person ends, the one that changed it stays. */
    public void endAllBut(String username, String keptSessionId) {
        sessions.findByPrincipalName(username).keySet().stream()
                .filter(id -> !id.equals(keptSessionId)).forEach(sessions::deleteById);
    }
}
