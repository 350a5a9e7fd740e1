package io.loadsmith.account.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import io.loadsmith.account.SignInFailure;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** The sign-in form; Spring Security handles its POST. It stores nothing: no session before sign-in. */
@Controller
class SignInPageController {

    @GetMapping("/login")
    String signIn(HttpServletRequest request, HttpServletResponse response, Model model) {
        if (request.getParameterMap().containsKey("error")) {
            model.addAttribute("error", SignInFailure.MESSAGE_TEXT);
            model.addAttribute("username", SignInFailure.takeName(request, response));
        } else if (request.getParameterMap().containsKey("starting")) {
            model.addAttribute("error", SignInFailure.STARTING_TEXT);
        }
        // The designer's menu and search lead nowhere before signing in.
        model.addAttribute("signInPage", true);
        model.addAttribute("loggedOut", request.getParameterMap().containsKey("logout"));
        return "account/login";
    }
}
