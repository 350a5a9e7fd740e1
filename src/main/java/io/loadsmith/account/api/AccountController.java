package io.loadsmith.account.api;

import java.net.URI;
import java.util.List;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.account.AccountService;
import io.loadsmith.account.AccountView;
import io.loadsmith.account.token.ApiTokenService;
import io.loadsmith.account.token.TokenView;
import io.loadsmith.identity.Role;
import io.loadsmith.paging.ListPages;
import jakarta.servlet.http.HttpServletResponse;

/** Accounts, for ADMINs (the security rules say so): create, change role or enabled, reset a password. */
@RestController
@RequestMapping("/api/v1/users")
record AccountController(AccountService accounts, ApiTokenService tokens) {

    public record AccountRequest(String username, String password, Role role) {
    }

    public record AccountChange(Long version, Role role, boolean enabled) {
    }

    public record PasswordReset(String password) {
    }

    @GetMapping
    public List<AccountView> list(@RequestParam(defaultValue = "0") int page,
                                  @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                                  HttpServletResponse response) {
        return ListPages.page(accounts.list(), page, size, response);
    }

    @GetMapping("/{id}")
    public AccountView get(@PathVariable long id) {
        return accounts.get(id);
    }

    @PostMapping
    public ResponseEntity<AccountView> create(@RequestBody AccountRequest request) {
        AccountView created = accounts.create(request.username(), request.password(), request.role());
        return ResponseEntity.created(URI.create("/api/v1/users/" + created.id())).body(created);
    }

    @PutMapping("/{id}")
    public AccountView change(@PathVariable long id, @RequestBody AccountChange request) {
        return accounts.change(id, request.version(), request.role(), request.enabled());
    }

    @PutMapping("/{id}/password")
    public ResponseEntity<Void> resetPassword(@PathVariable long id, @RequestBody PasswordReset request) {
        accounts.resetPassword(id, request.password());
        return ResponseEntity.noContent().build();
    }

    /** Everyone's tokens are the ADMIN's to see and revoke (DELETE /api/v1/tokens/{id}). */
    @GetMapping("/{id}/tokens")
    public List<TokenView> tokens(@PathVariable long id, @RequestParam(defaultValue = "0") int page,
                                  @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                                  HttpServletResponse response) {
        return ListPages.page(tokens.mine(accounts.get(id).username()), page, size, response);
    }
}
