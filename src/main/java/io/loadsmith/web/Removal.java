package io.loadsmith.web;

import org.springframework.ui.Model;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The delete / soft-delete / restore steps every designer page shares, so each page only says what
 * is removed and where the browser goes next. Refusals (still in use, not found) are exceptions the
 * {@link WebExceptionHandler} turns into the usual HTML page.
 */
public final class Removal {

    private Removal() {
    }

    /** Without JavaScript, removing asks on a page of its own; {@code undo} may be null (deleted for good). */
    public static String confirm(Model model, String what, String undo, String action, String back) {
        model.addAttribute("what", what);
        if (undo != null) {
            model.addAttribute("undo", undo);
        }
        model.addAttribute("action", action);
        model.addAttribute("back", back);
        return "confirm";
    }

    /** Runs the delete, soft delete or restore, then sends the browser (htmx or not) to {@code then}. */
    public static String perform(Runnable step, String then, HttpServletRequest request, HttpServletResponse response) {
        step.run();
        return Htmx.redirect(request, response, then);
    }
}
