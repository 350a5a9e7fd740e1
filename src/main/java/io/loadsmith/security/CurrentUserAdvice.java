package io.loadsmith.security;

import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

import io.loadsmith.identity.CurrentUser;

/** Every page's model gets {@code me}, the signed-in person (null on the sign-in page). */
@ControllerAdvice
class CurrentUserAdvice {

    @ModelAttribute("me")
    CurrentUser me() {
        return CurrentUser.current();
    }
}
