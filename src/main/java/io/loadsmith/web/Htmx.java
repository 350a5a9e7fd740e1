package io.loadsmith.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** The htmx side of "one URL, full page or fragment" (Wim Deblauwe's htmx + Thymeleaf style). */
public final class Htmx {

    private Htmx() {
    }

    /** True when htmx sent the request and wants a fragment rather than the whole page. */
    public static boolean isHtmx(HttpServletRequest request) {
        return "true".equals(request.getHeader("HX-Request"));
    }

    /** The full view, or one fragment of it for htmx. */
    public static String view(HttpServletRequest request, String view, String fragment) {
        return isHtmx(request) ? view + " :: " + fragment : view;
    }

    /**
     * After a successful change: a plain form POST gets a redirect (Post/Redirect/Get); htmx gets an
     * HX-Redirect header, so the browser loads the page the same way.
     */
    public static String redirect(HttpServletRequest request, HttpServletResponse response, String url) {
        if (isHtmx(request)) {
            response.setHeader("HX-Redirect", url);
            return "fragments :: empty";
        }
        return "redirect:" + url;
    }
}
