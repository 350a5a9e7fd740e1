package io.loadsmith.account.token;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.TransactionException;

import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.web.filter.OncePerRequestFilter;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * {@code Authorization: Bearer lsm_...}: the request runs as the token's owner with the token's
 * rights, for this request only (nothing goes into the session). A token that is unknown, revoked
 * or whose account is disabled is answered 401 at once, rather than falling through to anonymous.
 */
public class BearerTokenFilter extends OncePerRequestFilter {

    /** How the filter answers a bad token, and a store it cannot reach to check one. */
    public interface Refusals extends AuthenticationEntryPoint {
        void storeUnavailable(HttpServletRequest request, HttpServletResponse response,
                                DataAccessResourceFailureException cause) throws IOException;
    }

    private final ApiTokenService tokens;
    private final Refusals refusals;

    public BearerTokenFilter(ApiTokenService tokens, Refusals refusals) {
        this.tokens = tokens;
        this.refusals = refusals;
    }

    public static boolean hasBearer(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        return header != null && header.regionMatches(true, 0, "Bearer ", 0, 7);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!hasBearer(request)) {
            chain.doFilter(request, response);
            return;
        }
        String secret = request.getHeader("Authorization").substring(7).trim();
        Optional<ApiTokenService.Bearer> bearer;
        try {
            bearer = tokens.authenticate(secret);
        } catch (DataAccessException | TransactionException storeDown) {
            // The same answer as any other call while the metadata store is away: 503, try again.
            refusals.storeUnavailable(request, response,
                    new DataAccessResourceFailureException("the store could not be read to check a token", storeDown));
            return;
        }
        if (bearer.isEmpty()) {
            SecurityContextHolder.clearContext();
            refusals.commence(request, response,
                    new BadCredentialsException("The bearer token is unknown, revoked or expired, or its account is disabled."));
            return;
        }
        var context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(new TokenAuthentication(bearer.get()));
        SecurityContextHolder.setContext(context);
        try {
            chain.doFilter(request, response);
        } finally {
            SecurityContextHolder.clearContext();
        }
    }

    /** An authenticated bearer: the owner's name, the role the token grants, and its scope. */
    public static final class TokenAuthentication extends AbstractAuthenticationToken {

        private final transient ApiTokenService.Bearer bearer;

        TokenAuthentication(ApiTokenService.Bearer bearer) {
            super(List.of(new SimpleGrantedAuthority(bearer.role().authority()),
                    new SimpleGrantedAuthority("SCOPE_" + bearer.scope().name())));
            this.bearer = bearer;
            setAuthenticated(true);
        }

        public ApiTokenService.Bearer bearer() {
            return bearer;
        }

        @Override
        public Object getCredentials() {
            return "";
        }

        @Override
        public Object getPrincipal() {
            return bearer.username();
        }

        @Override
        public String getName() {
            return bearer.username();
        }
    }
}
