package io.loadsmith.account.token;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.account.Account;
import io.loadsmith.account.AccountRepository;
import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.identity.Role;
import io.loadsmith.names.Names;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.Violations;

/**
 * Issues, checks and revokes bearer tokens. A person manages their own; an ADMIN can revoke anyone's.
 * Transactions are per method: the check, on every API call, runs without one.
 */
@Service
public class ApiTokenService {

    static final String SECRET_PREFIX = "lsm_";
    private static final int MAX_NAME = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final ApiTokenRepository tokens;
    private final TokenGrants grants;
    private final AccountRepository accounts;
    private final Clock clock;
    private final AuditTrail audit;

    public ApiTokenService(ApiTokenRepository tokens, TokenGrants grants, AccountRepository accounts, Clock clock,
                           AuditTrail audit) {
        this.tokens = tokens;
        this.grants = grants;
        this.accounts = accounts;
        this.clock = clock;
        this.audit = audit;
    }

    /** The longest a token may be made to live; "never expires" is asked for with no days at all. */
    public static final int MAX_DAYS = 3650;

    /** A token that does not expire. */
    @Transactional
    public IssuedToken issue(String username, String name, TokenScope scope) {
        return issue(username, name, scope, null);
    }

    /**
     * A token for {@code username} itself, valid for {@code days} (null: until revoked). A VIEWER's
     * WRITE token could do no more than a READ one, so it is refused.
     */
    @Transactional
    public IssuedToken issue(String username, String name, TokenScope scope, Integer days) {
        Account owner = accounts.findByUsername(username).orElseThrow(() -> NotFoundException.name("Account", username));
        Violations problems = new Violations();
        if (name == null || name.isBlank() || name.length() > MAX_NAME) {
            problems.add("name", name, "must be 1 to " + MAX_NAME + " characters, e.g. the pipeline that uses it");
        }
        Names.checkLabel(problems, "name", name);
        if (scope == null) {
            problems.add("scope", null, "must be READ or WRITE");
        } else if (scope == TokenScope.WRITE && owner.getRole() == Role.VIEWER) {
            problems.add("scope", scope, "a VIEWER can only have READ tokens");
        }
        if (days != null && (days < 1 || days > MAX_DAYS)) {
            problems.add("expiresInDays", days, "must be 1 to " + MAX_DAYS + ", or left out for a token that does not expire");
        }
        problems.throwIfAny();
        Instant now = clock.instant();
        byte[] random = new byte[32];
        RANDOM.nextBytes(random);
        String secret = SECRET_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        ApiToken token = tokens.save(new ApiToken(owner, name.trim(), scope, sha256(secret),
                secret.substring(0, SECRET_PREFIX.length() + 6), now, days == null ? null : now.plus(Duration.ofDays(days))));
        audit.created(ObjectKind.API_TOKEN, TokenEvent.of(token));
        return new IssuedToken(TokenView.of(token), secret);
    }

    /**
     * The bearer's rights, when the secret belongs to a live token of an enabled account. Read live on
     * every call, so a revocation or a disabled account takes effect at once on every instance.
     */
    // No transaction, not even a suspending one (the interceptor's bookkeeping was ~5 % of a trivial
    // call's CPU): one statement needs none, and the rare write has its own.
    public Optional<Bearer> authenticate(String secret) {
        if (secret == null || !secret.startsWith(SECRET_PREFIX)) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        return grants.find(sha256(secret)).filter(grant -> grant.usableAt(now)).map(grant -> {
            if (grant.lastUsedAt() == null || grant.lastUsedAt().isBefore(now.minus(ApiToken.LAST_USE_PRECISION))) {
                tokens.recordUse(grant.tokenId(), now, now.minus(ApiToken.LAST_USE_PRECISION));
            }
            return new Bearer(grant.username(), grant.grantedRole(), grant.scope(), grant.tokenId());
        });
    }

    @Transactional(readOnly = true)
    public List<TokenView> mine(String username) {
        return tokens.findByAccountUsernameOrderByCreatedAtDesc(username).stream().map(TokenView::of).toList();
    }

    @Transactional(readOnly = true)
    public List<TokenView> all() {
        return tokens.findAllByOrderByCreatedAtDesc().stream().map(TokenView::of).toList();
    }

    /** Revokes a token of {@code username}, or anyone's when {@code admin}; others' tokens read as not found. */
    @Transactional
    public TokenView revoke(long id, String username, boolean admin) {
        ApiToken token = tokens.findById(id)
                .filter(t -> admin || t.getAccount().getUsername().equals(username))
                .orElseThrow(() -> NotFoundException.id("Token", id));
        TokenEvent before = audit.before(() -> TokenEvent.of(token));
        token.revoke(clock.instant());
        audit.updated(ObjectKind.API_TOKEN, before, TokenEvent.of(token));
        return TokenView.of(token);
    }

    static String sha256(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** Who a token speaks for and with which role (its scope already applied). */
    public record Bearer(String username, Role role, TokenScope scope, long tokenId) {
    }
}
