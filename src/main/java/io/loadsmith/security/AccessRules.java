package io.loadsmith.security;

import static org.springframework.http.HttpMethod.GET;
import static org.springframework.http.HttpMethod.HEAD;
import static org.springframework.http.HttpMethod.POST;
import static org.springframework.http.HttpMethod.PUT;

import java.util.Arrays;
import java.util.List;

import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

import io.loadsmith.identity.Role;
import jakarta.servlet.http.HttpServletRequest;

/**
 * Who may do what, as one ordered table: the first rule that matches a request decides. Reading is
 * for every VIEWER; writing entities, loads, commits and packages for EDITORs; everything else
 * (the configuration: types, formulas, templates, environments; package import, restore and
 * delete; accounts) for ADMINs. The same table builds the filter chain and explains a refusal.
 */
final class AccessRules {

    /** With a role: that role or a higher one. Without: anyone signed in, or anyone at all. */
    record Rule(RequestMatcher matcher, Role role, boolean signedIn) {
    }

    static final List<Rule> RULES = List.of(
            // Assets by their plain or versioned names (app-<md5>.css, AssetCaching).
            anyone("/login", "/webjars/**", "/app*.css", "/app*.js", "/palette*.js", "/favicon.ico", "/favicon*.svg", "/error"),
            // Probes are for orchestrators, which have no account; metrics are for operators.
            anyone("/actuator/health", "/actuator/health/**"),
            role(Role.ADMIN, null, "/admin/**", "/api/v1/users", "/api/v1/users/**", "/actuator/**"),
            signedIn("/account", "/account/**", "/api/v1/tokens", "/api/v1/tokens/**", "/logout"),
            role(Role.VIEWER, GET, "/**"),
            role(Role.VIEWER, HEAD, "/**"),
            // Trying a load changes nothing stored: a VIEWER may, as with the preview.
            role(Role.VIEWER, POST, "/loads/*/try", "/api/v1/loads/*/try", "/packages/*/try", "/api/v1/packages/*/try"),
            role(Role.EDITOR, null, "/entities", "/entities/**", "/loads", "/loads/**",
                    "/api/v1/entities", "/api/v1/entities/**", "/api/v1/loads", "/api/v1/loads/**"),
            role(Role.EDITOR, POST, "/packages", "/packages/*/commit", "/api/v1/packages/*/versions", "/api/v1/packages",
                    "/api/v1/environments/*/deployments", "/packages/*/deployments"),
            role(Role.EDITOR, PUT, "/api/v1/packages/*"),
            role(Role.ADMIN, null, "/**"));

    private AccessRules() {
    }

    static void apply(AuthorizeHttpRequestsConfigurer<?>.AuthorizationManagerRequestMatcherRegistry requests) {
        for (Rule rule : RULES) {
            var granted = requests.requestMatchers(rule.matcher());
            if (rule.role() != null) {
                granted.hasRole(rule.role().name());
            } else if (rule.signedIn()) {
                granted.authenticated();
            } else {
                granted.permitAll();
            }
        }
    }

    /** The role the first matching rule asks for: what a refusal tells the person. */
    static Role required(HttpServletRequest request) {
        return RULES.stream().filter(rule -> rule.matcher().matches(request)).findFirst()
                .map(Rule::role).orElse(Role.ADMIN);
    }

    private static Rule anyone(String... patterns) {
        return new Rule(matcher(null, patterns), null, false);
    }

    private static Rule signedIn(String... patterns) {
        return new Rule(matcher(null, patterns), null, true);
    }

    private static Rule role(Role role, HttpMethod method, String... patterns) {
        return new Rule(matcher(method, patterns), role, true);
    }

    private static RequestMatcher matcher(HttpMethod method, String... patterns) {
        var builder = PathPatternRequestMatcher.withDefaults();
        return new OrRequestMatcher(Arrays.stream(patterns)
                .map(pattern -> (RequestMatcher) builder.matcher(method, pattern)).toList());
    }
}
