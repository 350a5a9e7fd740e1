package io.loadsmith.account.web;

import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.account.AccountService;
import io.loadsmith.account.token.ApiTokenService;
import io.loadsmith.identity.Role;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.web.FormErrors;

/** The ADMIN's pages: accounts (create, role, enable, reset password) and everyone's tokens. */
@Controller
@RequestMapping("/admin")
record AccountAdminPageController(AccountService accounts, ApiTokenService tokens) {

    @GetMapping("/users")
    String users(Model model) {
        return page(model);
    }

    @PostMapping("/users")
    String create(@RequestParam(required = false) String username, @RequestParam(required = false) String password,
                  @RequestParam(required = false) Role role, Model model) {
        try {
            accounts.create(username, password, role);
            model.addAttribute("saved", "Account '" + username + "' created.");
        } catch (InvalidRequestException e) {
            model.addAttribute("errors", FormErrors.of(e));
            model.addAttribute("username", username);
        } catch (ConflictException e) {
            model.addAttribute("errors", FormErrors.message(e.getMessage()));
            model.addAttribute("username", username);
        }
        return page(model);
    }

    @PostMapping("/users/{id}")
    String change(@PathVariable long id, @RequestParam long version, @RequestParam Role role,
                  @RequestParam(defaultValue = "false") boolean enabled, Model model) {
        try {
            var changed = accounts.change(id, version, role, enabled);
            model.addAttribute("saved", "Account '" + changed.username() + "' saved.");
        } catch (ConflictException e) {
            model.addAttribute("errors", FormErrors.message(e.getMessage()));
        }
        return page(model);
    }

    @PostMapping("/users/{id}/password")
    String resetPassword(@PathVariable long id, @RequestParam(required = false) String password, Model model) {
        try {
            accounts.resetPassword(id, password);
            model.addAttribute("saved", "Password of '" + accounts.get(id).username() + "' reset; their sessions ended.");
        } catch (InvalidRequestException e) {
            model.addAttribute("errors", FormErrors.of(e));
        }
        return page(model);
    }

    @GetMapping("/tokens")
    String tokens(Model model) {
        model.addAttribute("tokens", tokens.all());
        return "admin/tokens";
    }

    @PostMapping("/tokens/{id}/revoke")
    String revoke(@PathVariable long id, Authentication who) {
        tokens.revoke(id, who.getName(), true);
        return "redirect:/admin/tokens";
    }

    private String page(Model model) {
        model.addAttribute("accounts", accounts.list());
        model.addAttribute("roles", Role.values());
        return "admin/users";
    }
}
