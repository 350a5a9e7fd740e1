package io.loadsmith.account;

import java.io.IOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseCookie;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * A failed sign-in counts against the account (see {@link SignInThrottle}) and sends the person back
 * to the form with a message. Unknown names, wrong passwords, and locked or disabled accounts read
 * the same, so the form does not tell which accounts exist. Nothing is stored on the server for it:
 * no one has signed in, and a session per failed try would let anyone fill the store. The name typed
 * comes back in a short-lived cookie of the sign-in page, not in the address (it may be a password
 * typed into the wrong field).
 */
public class SignInFailure implements AuthenticationFailureHandler {

    /** Also says what the throttle does, since a locked account is not told apart from a wrong password. */
    public static final String MESSAGE_TEXT = "Wrong username or password. After five failed sign-ins an account "
            + "waits 30 s or longer before it can sign in again.";
    /** Before the first start's administrator exists every sign-in fails: that is not the person's mistake. */
    public static final String STARTING_TEXT = "Loadsmith is starting, try again in a moment.";
    static final String NAME_COOKIE = "LOADSMITH_SIGNIN_NAME";
    private static final String PATH = "/login";

    private final SignInThrottle throttle;
    private final AccountsReady ready;

    public SignInFailure(SignInThrottle throttle, AccountsReady ready) {
        this.throttle = throttle;
        this.ready = ready;
    }

    @Override
    public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
                                        AuthenticationException e) throws IOException {
        if (!ready.isReady()) {
            response.sendRedirect(request.getContextPath() + PATH + "?starting");
            return;
        }
        String username = request.getParameter("username");
        // One answer for every failure: a locked or disabled account fails its password check like an
        // unknown name (AccountDetailsService), so nothing here may tell them apart.
        if (e instanceof BadCredentialsException && username != null) {
            throttle.failed(username);
        }
        if (username != null && username.length() <= 64) {
            response.addHeader(HttpHeaders.SET_COOKIE, nameCookie(request, URLEncoder.encode(username, StandardCharsets.UTF_8),
                    Duration.ofMinutes(1)).toString());
        }
        response.sendRedirect(request.getContextPath() + PATH + "?error");
    }

    /** The name typed in the failed try, once: the cookie is cleared as it is read. */
    public static String takeName(HttpServletRequest request, HttpServletResponse response) {
        if (request.getCookies() == null) {
            return null;
        }
        for (Cookie cookie : request.getCookies()) {
            if (NAME_COOKIE.equals(cookie.getName())) {
                response.addHeader(HttpHeaders.SET_COOKIE, nameCookie(request, "", Duration.ZERO).toString());
                try {
                    return URLDecoder.decode(cookie.getValue(), StandardCharsets.UTF_8);
                } catch (IllegalArgumentException malformed) {
                    return null;
                }
            }
        }
        return null;
    }

    private static ResponseCookie nameCookie(HttpServletRequest request, String value, Duration maxAge) {
        return ResponseCookie.from(NAME_COOKIE, value).path(request.getContextPath() + PATH).maxAge(maxAge)
                .httpOnly(true).sameSite("Lax").secure(request.isSecure()).build();
    }
}
