package io.loadsmith.identity;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;


/**
 * The signed-in person as pages see it ({@code ${me}}): the navigation shows their name, and forms
 * they may not send are shown read-only, so nobody types into a form only to be refused.
 */
public record CurrentUser(String username, Role role) {

    public static CurrentUser current() {
        Authentication who = SecurityContextHolder.getContext().getAuthentication();
        if (who == null || !who.isAuthenticated() || who instanceof AnonymousAuthenticationToken) {
            return null;
        }
        Role role = who.getAuthorities().stream().map(a -> a.getAuthority())
                .filter(a -> a.startsWith("ROLE_")).map(a -> {
                    try {
                        return Role.valueOf(a.substring(5));
                    } catch (IllegalArgumentException unknown) {
                        return null;
                    }
                }).filter(r -> r != null).max(Enum::compareTo).orElse(Role.VIEWER);
        return new CurrentUser(who.getName(), role);
    }

    public boolean canEdit() {
        return role.includes(Role.EDITOR);
    }

    public boolean isAdmin() {
        return role == Role.ADMIN;
    }
}
