package io.loadsmith.account.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import io.loadsmith.account.SignInFailure;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;

/** The sign-in form; Spring Security handles its POST. */
@Controller
class SignInPageController {

    @GetMapping("/login")
    String signIn(HttpServletRequest request, Model model) {
        HttpSession session = request.getSession(false);
        if (request.getParameterMap().containsKey("error") && session != null) {
            model.addAttribute("error", session.getAttribute(SignInFailure.MESSAGE));
            model.addAttribute("username", session.getAttribute(SignInFailure.USERNAME));
            session.removeAttribute(SignInFailure.MESSAGE);
            session.removeAttribute(SignInFailure.USERNAME);
        }
        // The designer's menu and search lead nowhere before signing in.
        model.addAttribute("signInPage", true);
        model.addAttribute("loggedOut", request.getParameterMap().containsKey("logout"));
        return "account/login";
    }
}
