package io.loadsmith.account;

import java.time.Clock;
import java.util.List;
import java.util.regex.Pattern;

import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditAction;
import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.identity.Role;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.StaleVersionException;
import io.loadsmith.problem.Violations;

/** Accounts: created and changed by an ADMIN, passwords changed by their owner. */
@Service
@Transactional
public class AccountService {

    public static final int MIN_PASSWORD = 12;
    public static final int MAX_PASSWORD = 128;
    private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,63}");

    private final AccountRepository accounts;
    private final PasswordEncoder passwords;
    private final AccountSessions sessions;
    private final Clock clock;
    private final AuditTrail audit;

    public AccountService(AccountRepository accounts, PasswordEncoder passwords, AccountSessions sessions, Clock clock,
                          AuditTrail audit) {
        this.accounts = accounts;
        this.passwords = passwords;
        this.sessions = sessions;
        this.clock = clock;
        this.audit = audit;
    }

    @Transactional(readOnly = true)
    public List<AccountView> list() {
        return accounts.findAllByOrderByUsername().stream().map(AccountView::of).toList();
    }

    @Transactional(readOnly = true)
    public AccountView get(long id) {
        return AccountView.of(find(id));
    }

    public AccountView create(String username, String password, Role role) {
        Violations problems = new Violations();
        if (username == null || !USERNAME.matcher(username).matches()) {
            problems.add("username", username,
                    "must be 1 to 64 letters, digits or . _ @ -, starting with a letter or digit");
        }
        checkPassword(problems, "password", password);
        if (role == null) {
            problems.add("role", null, "must be VIEWER, EDITOR or ADMIN");
        }
        problems.throwIfAny();
        accounts.findByUsername(username).ifPresent(existing -> {
            throw new ConflictException("An account named '" + existing.getUsername() + "' already exists"
                    + (existing.getUsername().equals(username) ? "." : "; user names are compared ignoring case."));
        });
        return audit.created(ObjectKind.ACCOUNT,
                AccountView.of(accounts.saveAndFlush(new Account(username, passwords.encode(password), role, clock.instant()))));
    }

    /** Role and enabled flag together, as the admin's form sends them; the last enabled ADMIN stays one. */
    public AccountView change(long id, Long version, Role role, boolean enabled) {
        Account account = find(id);
        StaleVersionException.check("Account '" + account.getUsername() + "'", version, account.getVersion());
        if (role == null) {
            new Violations().add("role", null, "must be VIEWER, EDITOR or ADMIN").throwIfAny();
        }
        boolean losesAdmin = account.getRole() == Role.ADMIN && account.isEnabled() && (role != Role.ADMIN || !enabled);
        if (losesAdmin && accounts.countByRoleAndEnabledTrue(Role.ADMIN) <= 1) {
            throw new ConflictException("'" + account.getUsername()
                    + "' is the only enabled ADMIN; make another account ADMIN first, or nobody could manage accounts.");
        }
        AccountView before = audit.before(() -> AccountView.of(account));
        boolean narrowed = !enabled || !role.includes(account.getRole());
        account.changeRole(role);
        account.enable(enabled);
        accounts.flush();
        if (narrowed) {
            // Signed-in sessions keep the rights they were granted at sign-in: end them.
            sessions.endAll(account.getUsername());
        }
        return audit.updated(ObjectKind.ACCOUNT, before, AccountView.of(account));
    }

    /** An ADMIN sets a new password for someone who forgot theirs; it also lifts a sign-in lock. */
    public void resetPassword(long id, String newPassword) {
        Account account = find(id);
        Violations problems = new Violations();
        checkPassword(problems, "password", newPassword);
        problems.throwIfAny();
        account.changePassword(passwords.encode(newPassword));
        sessions.endAll(account.getUsername());
        AccountView view = AccountView.of(account);
        audit.record(AuditAction.UPDATE, ObjectKind.ACCOUNT, view, "Password reset by an administrator", view);
    }

    /**
     * The owner changes their own password, proving they know the current one. Their other sessions
     * end (someone who knew the old password may be signed in); {@code keptSessionId} stays.
     */
    public void changeOwnPassword(String username, String currentPassword, String newPassword, String keptSessionId) {
        Account account = accounts.findByUsername(username)
                .orElseThrow(() -> NotFoundException.name("Account", username));
        Violations problems = new Violations();
        if (currentPassword == null || !passwords.matches(currentPassword, account.getPasswordHash())) {
            problems.add("currentPassword", null, "is not your current password");
        }
        checkPassword(problems, "newPassword", newPassword);
        problems.throwIfAny();
        account.changePassword(passwords.encode(newPassword));
        sessions.endAllBut(username, keptSessionId);
        AccountView view = AccountView.of(account);
        audit.record(AuditAction.UPDATE, ObjectKind.ACCOUNT, view, "Password changed by its owner", view);
    }

    private static void checkPassword(Violations problems, String field, String password) {
        if (password == null || password.length() < MIN_PASSWORD || password.length() > MAX_PASSWORD) {
            problems.add(field, null, "must be " + MIN_PASSWORD + " to " + MAX_PASSWORD + " characters long");
        }
    }

    private Account find(long id) {
        return accounts.findById(id).orElseThrow(() -> NotFoundException.id("Account", id));
    }
}
