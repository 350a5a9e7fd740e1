package io.loadsmith.security;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.session.web.http.CookieSerializer;
import org.springframework.session.web.http.DefaultCookieSerializer;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.logout.LogoutFilter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;

import io.loadsmith.account.SignInThrottle;
import io.loadsmith.web.Htmx;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;
import io.loadsmith.account.SignInFailure;
import io.loadsmith.account.SignInSuccess;
import io.loadsmith.account.token.ApiTokenService;
import io.loadsmith.account.token.BearerTokenFilter;

/**
 * Pages sign in with a form and a session (shared by all instances through Spring Session JDBC);
 * tooling sends a bearer token. Who may do what is {@link AccessRules}; each role includes the ones
 * below it.
 */
@Configuration
public class SecurityConfiguration {

    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; "
            // CodeMirror and htmx set inline styles; nothing runs inline.
            + "style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; "
            + "form-action 'self'; frame-ancestors 'none'";

    @Bean
    SecurityFilterChain securityFilterChain(HttpSecurity http, ApiTokenService tokens, SignInThrottle throttle,
                                            Responses responses) throws Exception {
        http.authorizeHttpRequests(AccessRules::apply)
                .formLogin(form -> form.loginPage("/login")
                        .successHandler(new SignInSuccess(throttle))
                        .failureHandler(new SignInFailure(throttle)))
                .logout(logout -> logout.logoutUrl("/logout").logoutSuccessUrl("/login?logout"))
                // Bearer requests carry no cookie a browser would send by itself: CSRF cannot apply.
                .csrf(csrf -> csrf.ignoringRequestMatchers(BearerTokenFilter::hasBearer))
                .exceptionHandling(errors -> errors
                        .authenticationEntryPoint(responses)
                        .accessDeniedHandler(responses))
                .headers(headers -> headers
                        .contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
                        .referrerPolicy(referrer -> referrer.policy(ReferrerPolicyHeaderWriter.ReferrerPolicy.SAME_ORIGIN))
                        .permissionsPolicyHeader(permissions -> permissions.policy("camera=(), microphone=(), geolocation=()")))
                .requestCache(cache -> cache.requestCache(pageRequestCache()))
                .addFilterBefore(new BearerTokenFilter(tokens, responses), LogoutFilter.class);
        return http.build();
    }

    /** Saves only page visits for after sign-in: not API calls, htmx fragments or form posts. */
    private static HttpSessionRequestCache pageRequestCache() {
        HttpSessionRequestCache cache = new HttpSessionRequestCache();
        cache.setRequestMatcher(request -> "GET".equals(request.getMethod()) && !Responses.isApi(request)
                && !Htmx.isHtmx(request));
        return cache;
    }

    /**
     * The session cookie, stated here rather than through server.servlet.session.cookie.*, which
     * Spring Session applies only under an embedded server: the same cookie in every deployment.
     */
    @Bean
    CookieSerializer sessionCookie(@Value("${loadsmith.secure-cookie:false}") boolean secure) {
        DefaultCookieSerializer cookie = new DefaultCookieSerializer();
        cookie.setCookieName("LOADSMITH_SESSION");
        cookie.setUseHttpOnlyCookie(true);
        cookie.setSameSite("Lax");
        cookie.setUseSecureCookie(secure);
        return cookie;
    }

    @Bean
    static RoleHierarchy roleHierarchy() {
        return RoleHierarchyImpl.withDefaultRolePrefix()
                .role("ADMIN").implies("EDITOR")
                .role("EDITOR").implies("VIEWER")
                .build();
    }

    @Bean
    PasswordEncoder passwordEncoder() {
        return PasswordEncoderFactories.createDelegatingPasswordEncoder();
    }
}
