package io.loadsmith.account.web;

import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.account.AccountService;
import io.loadsmith.account.token.ApiTokenService;
import io.loadsmith.account.token.IssuedToken;
import io.loadsmith.account.token.TokenScope;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.web.FormErrors;
import jakarta.servlet.http.HttpSession;

/** The signed-in person's own page: their password and their API tokens. */
@Controller
record AccountPageController(AccountService accounts, ApiTokenService tokens) {

    @GetMapping("/account")
    String show(Authentication who, Model model) {
        return page(who, model);
    }

    @PostMapping("/account/password")
    String changePassword(@RequestParam(required = false) String currentPassword,
                          @RequestParam(required = false) String newPassword,
                          Authentication who, HttpSession session, Model model) {
        try {
            accounts.changeOwnPassword(who.getName(), currentPassword, newPassword, session.getId());
            model.addAttribute("passwordSaved", "Your password is changed.");
        } catch (InvalidRequestException e) {
            model.addAttribute("passwordErrors", FormErrors.of(e));
        }
        return page(who, model);
    }

    /** Renders the page with the new secret rather than redirecting: it must never sit in a session or URL. */
    @PostMapping("/account/tokens")
    String createToken(@RequestParam(required = false) String name, @RequestParam(required = false) TokenScope scope,
                       @RequestParam(required = false) Integer expiresInDays, Authentication who, Model model) {
        try {
            IssuedToken issued = tokens.issue(who.getName(), name, scope, expiresInDays);
            model.addAttribute("issued", issued);
        } catch (InvalidRequestException e) {
            model.addAttribute("tokenErrors", FormErrors.of(e));
            model.addAttribute("tokenName", name);
            model.addAttribute("tokenScope", scope);
            model.addAttribute("tokenExpiry", expiresInDays == null ? "" : String.valueOf(expiresInDays));
        }
        return page(who, model);
    }

    @PostMapping("/account/tokens/{id}/revoke")
    String revoke(@PathVariable long id, Authentication who) {
        tokens.revoke(id, who.getName(), false);
        return "redirect:/account";
    }

    private String page(Authentication who, Model model) {
        model.addAttribute("tokens", tokens.mine(who.getName()));
        model.addAttribute("scopes", TokenScope.values());
        return "account/account";
    }
}
