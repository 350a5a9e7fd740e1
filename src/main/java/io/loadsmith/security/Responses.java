package io.loadsmith.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.csrf.CsrfException;
import org.springframework.stereotype.Component;

import io.loadsmith.token.BearerTokenFilter;
import io.loadsmith.web.Htmx;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

/**
 * What someone who may not do a thing gets. The API answers 401 or 403 as problem details; a page
 * sends the anonymous to the sign-in page and shows others a page that says what is missing; htmx
 * gets the same, swapped into the main area (or a full redirect to sign in).
 */
@Component
class Responses implements BearerTokenFilter.Refusals, AccessDeniedHandler {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final LoginUrlAuthenticationEntryPoint loginPage = new LoginUrlAuthenticationEntryPoint("/login");

    static boolean isApi(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.startsWith("/api/") || path.startsWith("/v3/api-docs");
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
            throws IOException, ServletException {
        if (isApi(request) || BearerTokenFilter.hasBearer(request)) {
            boolean badToken = BearerTokenFilter.hasBearer(request);
            response.setHeader("WWW-Authenticate", badToken
                    ? "Bearer realm=\"loadsmith\", error=\"invalid_token\"" : "Bearer realm=\"loadsmith\"");
            problem(request, response, HttpStatus.UNAUTHORIZED, "Not signed in", badToken ? e.getMessage()
                    : "This needs a bearer token (Authorization: Bearer lsm_...). Create one under Account → API tokens.");
        } else if (Htmx.isHtmx(request)) {
            response.setHeader("HX-Redirect", request.getContextPath() + "/login");
            response.setStatus(HttpStatus.UNAUTHORIZED.value());
        } else {
            loginPage.commence(request, response, e);
        }
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
            throws IOException, ServletException {
        String detail = e instanceof CsrfException
                ? "The form was sent without a valid security token, for example after the session expired."
                        + " Reload the page and try again; nothing was changed."
                : denied(request);
        if (isApi(request) || BearerTokenFilter.hasBearer(request)) {
            problem(request, response, HttpStatus.FORBIDDEN, "Forbidden", detail);
            return;
        }
        if (Htmx.isHtmx(request)) {
            response.setHeader("HX-Retarget", "#main");
            response.setHeader("HX-Reswap", "innerHTML");
            response.setHeader("HX-Reselect", ".error-page");
        }
        // The error page (error.html) shows this; /error's own message stays off for other errors.
        request.setAttribute("forbiddenDetail", detail);
        response.sendError(HttpStatus.FORBIDDEN.value(), detail);
    }

    @Override
    public void storeUnavailable(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Retry-After", "5");
        problem(request, response, HttpStatus.SERVICE_UNAVAILABLE, "Metadata store unavailable",
                "The metadata store cannot be reached; nothing was changed. Try again in a few seconds.");
    }

    private static String denied(HttpServletRequest request) {
        Authentication who = SecurityContextHolder.getContext().getAuthentication();
        String what = request.getMethod() + " " + request.getRequestURI();
        if (who instanceof BearerTokenFilter.TokenAuthentication token
                && token.bearer().scope() == io.loadsmith.token.TokenScope.READ) {
            return "This token has READ scope and can only read; " + what + " needs a WRITE token.";
        }
        String role = who == null ? "none" : who.getAuthorities().stream().map(a -> a.getAuthority())
                .filter(a -> a.startsWith("ROLE_")).map(a -> a.substring(5)).findFirst().orElse("none");
        return "Your role (" + role + ") does not allow " + what + ": it needs the "
                + AccessRules.required(request) + " role. Ask an administrator if you need it.";
    }

    private static void problem(HttpServletRequest request, HttpServletResponse response, HttpStatus status,
                                String title, String detail) throws IOException {
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        var body = new java.util.LinkedHashMap<String, Object>();
        body.put("type", "about:blank");
        body.put("title", title);
        body.put("status", status.value());
        body.put("detail", detail);
        body.put("instance", request.getRequestURI());
        response.getWriter().write(JSON.writeValueAsString(body));
    }
}
