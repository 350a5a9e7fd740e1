package io.loadsmith.security;

import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.web.bind.annotation.ModelAttribute;

import io.loadsmith.identity.CurrentUser;
import io.loadsmith.web.PageControllerAdvice;

/**
 * Every page's model gets {@code me}, the signed-in person (null on the sign-in page); the error
 * controller's pages too. API calls do not: nothing of theirs reads it.
 */
@PageControllerAdvice(alsoFor = ErrorController.class)
class CurrentUserAdvice {

    @ModelAttribute("me")
    CurrentUser me() {
        return CurrentUser.current();
    }
}
