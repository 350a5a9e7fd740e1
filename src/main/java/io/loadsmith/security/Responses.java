package io.loadsmith.security;

import java.io.IOException;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.HttpStatus;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.csrf.CsrfException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.HandlerExceptionResolver;

import io.loadsmith.account.token.BearerTokenFilter;
import io.loadsmith.account.token.TokenScope;
import io.loadsmith.identity.CurrentUser;
import io.loadsmith.problem.ForbiddenException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotSignedInException;
import io.loadsmith.web.Htmx;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * What someone who may not do a thing gets. The API answers 401 or 403 as problem details; a page
 * sends the anonymous to the sign-in page and shows others a page that says what is missing; htmx
 * gets the same, swapped into the main area (or a full redirect to sign in). An address the firewall
 * refuses (an encoded dot segment, a semicolon) is a 400 in the same two forms.
 */
@Component
class Responses implements BearerTokenFilter.Refusals, AccessDeniedHandler, RequestRejectedHandler {

    private final LoginUrlAuthenticationEntryPoint loginPage = new LoginUrlAuthenticationEntryPoint("/login");
    private final HandlerExceptionResolver problems;

    /** API answers go through the one place that writes problem details (ApiExceptionHandler). */
    Responses(@Qualifier("handlerExceptionResolver") HandlerExceptionResolver problems) {
        this.problems = problems;
    }

    static boolean isApi(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.startsWith("/api/") || path.startsWith("/v3/api-docs") || path.startsWith("/actuator/");
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
            throws IOException, ServletException {
        if (isApi(request) || BearerTokenFilter.hasBearer(request)) {
            boolean badToken = BearerTokenFilter.hasBearer(request);
            problems.resolveException(request, response, null, new NotSignedInException(badToken ? e.getMessage()
                    : "This needs a bearer token (Authorization: Bearer lsm_...). Create one under Account → API tokens.",
                    badToken));
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
            problems.resolveException(request, response, null, new ForbiddenException(detail));
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
    public void storeUnavailable(HttpServletRequest request, HttpServletResponse response,
                                 DataAccessResourceFailureException cause) {
        problems.resolveException(request, response, null, cause);
    }

    /** Spring Security's default answers with a bare status, which Spring Boot's error JSON then describes. */
    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, RequestRejectedException e)
            throws IOException {
        String detail = "the address is refused (" + e.getMessage()
                + "); encoded dots and slashes, semicolons and backslashes are not accepted in a path";
        if (isApi(request) || BearerTokenFilter.hasBearer(request)) {
            problems.resolveException(request, response, null, InvalidRequestException.of("path", request.getRequestURI(), detail));
            return;
        }
        response.sendError(HttpStatus.BAD_REQUEST.value(), detail);
    }

    private static String denied(HttpServletRequest request) {
        Authentication who = SecurityContextHolder.getContext().getAuthentication();
        String what = request.getMethod() + " " + request.getRequestURI();
        if (who instanceof BearerTokenFilter.TokenAuthentication token
                && token.bearer().scope() == TokenScope.READ) {
            return "This token has READ scope and can only read; " + what + " needs a WRITE token.";
        }
        CurrentUser me = CurrentUser.current();
        String role = me == null ? "none" : me.role().name();
        return "Your role (" + role + ") does not allow " + what + ": it needs the "
                + AccessRules.required(request) + " role. Ask an administrator if you need it.";
    }
}
