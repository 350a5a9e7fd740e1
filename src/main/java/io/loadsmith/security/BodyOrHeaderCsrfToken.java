package io.loadsmith.security;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

import java.util.function.Supplier;

import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.security.web.csrf.CsrfTokenRequestHandler;
import org.springframework.security.web.csrf.XorCsrfTokenRequestAttributeHandler;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Reads a form's CSRF token from the header or the posted body only. A token in the address leaks
 * into logs, history and Referer headers; the servlet merges query and body parameters, so a request
 * whose query string names the token is refused whatever its body holds.
 */
final class BodyOrHeaderCsrfToken implements CsrfTokenRequestHandler {

    /** Spring's default: the token a page shows is masked anew per response (BREACH). */
    private final XorCsrfTokenRequestAttributeHandler masked = new XorCsrfTokenRequestAttributeHandler();

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, Supplier<CsrfToken> token) {
        // The token's cookie is set now, before the page writes (and flushes) its first byte: a page
        // asks for the token only while it renders, when a header could no longer be added.
        token.get();
        masked.handle(request, response, token);
    }

    @Override
    public String resolveCsrfTokenValue(HttpServletRequest request, CsrfToken token) {
        if (request.getHeader(token.getHeaderName()) == null && namedInQuery(request, token.getParameterName())) {
            return null;
        }
        try {
            return masked.resolveCsrfTokenValue(request, token);
        } catch (IllegalArgumentException tampered) {
            // A changed token can unmask to bytes that are no UTF-8, which Spring reports by throwing:
            // it is a wrong token like any other (403), not an internal error.
            return null;
        }
    }

    static boolean namedInQuery(HttpServletRequest request, String parameter) {
        String query = request.getQueryString();
        if (query == null) {
            return false;
        }
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            try {
                if (parameter.equals(URLDecoder.decode(name, StandardCharsets.UTF_8))) {
                    return true;
                }
            } catch (IllegalArgumentException malformed) {
                return true;
            }
        }
        return false;
    }
}
