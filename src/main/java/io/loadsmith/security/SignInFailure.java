package io.loadsmith.security;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;

import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.DisabledException;
import org.springframework.security.authentication.LockedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;

import io.loadsmith.account.SignInThrottle;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * A failed sign-in counts against the account (see {@link SignInThrottle}) and sends the person back
 * to the form with a message. Unknown names and wrong passwords read the same, so the form does not
 * tell which accounts exist.
 */
public class SignInFailure implements AuthenticationFailureHandler {

    public static final String MESSAGE = "loadsmith.signInError";

    private final SignInThrottle throttle;

    SignInFailure(SignInThrottle throttle) {
        this.throttle = throttle;
    }

    @Override
    public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
                                        AuthenticationException e) throws IOException {
        String username = request.getParameter("username");
        String message;
        if (e instanceof LockedException && username != null) {
            long seconds = throttle.lockedUntil(username)
                    .map(until -> Math.max(1, Duration.between(Instant.now(), until).toSeconds())).orElse(1L);
            message = "Too many failed sign-ins for this account. Try again in " + seconds + " s.";
        } else if (e instanceof DisabledException) {
            message = "This account is disabled. Ask an administrator.";
        } else {
            if (e instanceof BadCredentialsException && username != null) {
                throttle.failed(username);
            }
            message = "Wrong username or password.";
        }
        request.getSession().setAttribute(MESSAGE, message);
        response.sendRedirect(request.getContextPath() + "/login?error");
    }
}
