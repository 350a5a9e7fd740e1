package io.loadsmith.account;

import java.io.IOException;

import org.springframework.security.core.Authentication;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** A good sign-in clears the failure count, then returns to the page that asked for it. */
public class SignInSuccess extends SavedRequestAwareAuthenticationSuccessHandler {

    private final SignInThrottle throttle;

    public SignInSuccess(SignInThrottle throttle) {
        this.throttle = throttle;
    }

    @Override
    public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
                                        Authentication authentication) throws ServletException, IOException {
        throttle.succeeded(authentication.getName());
        super.onAuthenticationSuccess(request, response, authentication);
    }
}
