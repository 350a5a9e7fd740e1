package io.loadsmith.security;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.session.web.http.CookieSerializer;
import org.springframework.session.web.http.DefaultCookieSerializer;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.configurers.HeadersConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.ExceptionTranslationFilter;
import org.springframework.security.web.context.RequestAttributeSecurityContextRepository;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;

import io.loadsmith.account.SignInThrottle;
import io.loadsmith.web.Htmx;
import org.springframework.security.web.savedrequest.CookieRequestCache;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import io.loadsmith.account.AccountsReady;
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
class SecurityConfiguration {

    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; "
            // CodeMirror and htmx set inline styles; nothing runs inline.
            + "style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; "
            + "form-action 'self'; frame-ancestors 'none'";

    /**
     * Calls that carry a bearer token: the same access rules, answers and headers, without what only a
     * browser's session needs (session, CSRF, sign-in and sign-out, saved requests, anonymous). Each
     * of those filters ran on every tooling call; this chain is what the API pays per request.
     */
    @Bean
    @Order(1)
    SecurityFilterChain bearerFilterChain(HttpSecurity http, ApiTokenService tokens, Responses responses) throws Exception {
        http.securityMatcher(BearerTokenFilter::hasBearer)
                .authorizeHttpRequests(AccessRules::apply)
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .securityContext(context -> context.securityContextRepository(new RequestAttributeSecurityContextRepository()))
                // Bearer requests carry no cookie a browser would send by itself: CSRF cannot apply.
                .csrf(csrf -> csrf.disable())
                .requestCache(cache -> cache.disable())
                .anonymous(anonymous -> anonymous.disable())
                .logout(logout -> logout.disable())
                .exceptionHandling(errors -> errors
                        .authenticationEntryPoint(responses)
                        .accessDeniedHandler(responses))
                .headers(SecurityConfiguration::headers)
                // Outside the exception translation: a refusal is answered while the bearer is still known.
                .addFilterBefore(new BearerTokenFilter(tokens, responses), ExceptionTranslationFilter.class);
        return http.build();
    }

    @Bean
    @Order(2)
    SecurityFilterChain securityFilterChain(HttpSecurity http, SignInThrottle throttle, AccountsReady ready,
                                            Responses responses,
                                            @Value("${loadsmith.secure-cookie:false}") boolean secure) throws Exception {
        CookieRequestCache pages = pageRequestCache();
        SignInSuccess success = new SignInSuccess(throttle);
        success.setRequestCache(pages);
        http.authorizeHttpRequests(AccessRules::apply)
                .formLogin(form -> form.loginPage("/login")
                        .successHandler(success)
                        .failureHandler(new SignInFailure(throttle, ready)))
                // Nothing before sign-in is stored: the form's token lives in a cookie (compared with the
                // posted one, masked per page), so an anonymous visit creates no session in the store.
                .csrf(csrf -> csrf.csrfTokenRepository(csrfCookie(secure))
                        .csrfTokenRequestHandler(new BodyOrHeaderCsrfToken()))
                .logout(logout -> logout.logoutUrl("/logout").logoutSuccessUrl("/login?logout"))
                .exceptionHandling(errors -> errors
                        .authenticationEntryPoint(responses)
                        .accessDeniedHandler(responses))
                .headers(SecurityConfiguration::headers)
                .requestCache(cache -> cache.requestCache(pages));
        return http.build();
    }

    private static void headers(HeadersConfigurer<HttpSecurity> headers) {
        headers.contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
                .referrerPolicy(referrer -> referrer.policy(ReferrerPolicyHeaderWriter.ReferrerPolicy.SAME_ORIGIN))
                .permissionsPolicyHeader(permissions -> permissions.policy("camera=(), microphone=(), geolocation=()"));
    }

    private static CookieCsrfTokenRepository csrfCookie(boolean secure) {
        CookieCsrfTokenRepository repository = new CookieCsrfTokenRepository();
        repository.setCookieName("LOADSMITH_CSRF");
        repository.setHeaderName("X-CSRF-TOKEN");
        repository.setCookieCustomizer(cookie -> cookie.httpOnly(true).sameSite("Lax").secure(secure));
        return repository;
    }

    /**
     * Saves only page visits for after sign-in: not API calls, htmx fragments or form posts. In a
     * cookie, not the session: an anonymous visit must store nothing.
     */
    private static CookieRequestCache pageRequestCache() {
        CookieRequestCache cache = new CookieRequestCache();
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

    /**
     * No Spring Security observations: with an observation registry present it wraps every filter of
     * the chain in an observation of its own (about a dozen per request) and every authorization in
     * another, a tenth of a trivial API call's CPU (docs/benchmarks.md, table 3). Turning them off by
     * property only made those observations no-ops; the wrappers stayed. Requests are still observed
     * as a whole (http.server.requests) and token checks still counted. To trace the chain, set
     * {@code loadsmith.security-observations=true}.
     */
    @Bean
    static SecurityObservationSettings securityObservations(
            @Value("${loadsmith.security-observations:false}") boolean observe) {
        return observe ? SecurityObservationSettings.withDefaults().shouldObserveRequests(true)
                .shouldObserveAuthentications(true).shouldObserveAuthorizations(true).build()
                : SecurityObservationSettings.noObservations();
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
