package io.loadsmith.account;

import java.io.IOException;

import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * A failed sign-in counts against the account (see {@link SignInThrottle}) and sends the person back
 * to the form with a message. Unknown names, wrong passwords, and locked or disabled accounts read
 * the same, so the form does not tell which accounts exist.
 */
public class SignInFailure implements AuthenticationFailureHandler {

    public static final String MESSAGE = "loadsmith.signInError";
    /** The name typed, shown again in the form so that only the password is typed again. */
    public static final String USERNAME = "loadsmith.signInName";
    /** Also says what the throttle does, since a locked account is not told apart from a wrong password. */
    public static final String MESSAGE_TEXT = "Wrong username or password. After five failed sign-ins an account "
            + "waits 30 s or longer before it can sign in again.";

    private final SignInThrottle throttle;

    public SignInFailure(SignInThrottle throttle) {
        this.throttle = throttle;
    }

    @Override
    public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
                                        AuthenticationException e) throws IOException {
        String username = request.getParameter("username");
        // One answer for every failure: a locked or disabled account fails its password check like an
        // unknown name (AccountDetailsService), so nothing here may tell them apart.
        if (e instanceof BadCredentialsException && username != null) {
            throttle.failed(username);
        }
        String message = MESSAGE_TEXT;
        request.getSession().setAttribute(MESSAGE, message);
        if (username != null && username.length() <= 64) {
            request.getSession().setAttribute(USERNAME, username);
        }
        response.sendRedirect(request.getContextPath() + "/login?error");
    }
}
