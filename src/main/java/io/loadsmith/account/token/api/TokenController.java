package io.loadsmith.account.token.api;

import java.net.URI;
import java.util.List;

import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.account.token.ApiTokenService;
import io.loadsmith.account.token.BearerTokenFilter.TokenAuthentication;
import io.loadsmith.account.token.IssuedToken;
import io.loadsmith.account.token.TokenScope;
import io.loadsmith.account.token.TokenView;
import io.loadsmith.identity.CurrentUser;
import io.loadsmith.paging.ListPages;
import io.loadsmith.problem.ForbiddenException;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The caller's own API tokens. Only a signed-in person creates tokens: a token cannot mint another
 * (a READ token could otherwise make itself a WRITE one), and only a WRITE token may revoke.
 */
@RestController
@RequestMapping("/api/v1/tokens")
record TokenController(ApiTokenService tokens) {

    /** {@code expiresInDays}: 1 to 3650, or absent for a token that lives until it is revoked. */
    public record TokenRequest(String name, TokenScope scope, Integer expiresInDays) {
    }

    @GetMapping
    public List<TokenView> list(Authentication who, @RequestParam(defaultValue = "0") int page,
                                @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                                HttpServletResponse response) {
        return ListPages.page(tokens.mine(who.getName()), page, size, response);
    }

    @PostMapping
    public ResponseEntity<IssuedToken> create(@RequestBody TokenRequest request, Authentication who) {
        if (who instanceof TokenAuthentication) {
            throw new ForbiddenException("A token cannot create tokens: sign in to the designer (Account → API tokens) "
                    + "or call this with a signed-in session.");
        }
        IssuedToken issued = tokens.issue(who.getName(), request.name(), request.scope(), request.expiresInDays());
        return ResponseEntity.created(URI.create("/api/v1/tokens/" + issued.token().id())).body(issued);
    }

    @DeleteMapping("/{id}")
    public TokenView revoke(@PathVariable long id, Authentication who) {
        if (who instanceof TokenAuthentication token && token.bearer().scope() == TokenScope.READ) {
            throw new ForbiddenException("This token has READ scope; revoking a token needs a WRITE token or a signed-in session.");
        }
        CurrentUser me = CurrentUser.current();
        return tokens.revoke(id, who.getName(), me != null && me.isAdmin());
    }
}
