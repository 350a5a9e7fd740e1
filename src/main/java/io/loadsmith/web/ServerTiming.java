package io.loadsmith.web;

import java.io.IOException;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * A page tells the browser how long the server took to make it: {@code Server-Timing: app;dur=MS},
 * from the first filter to the last byte of the rendered page (sign-in check, controller, store,
 * Thymeleaf). The browser tests set the page's DOMContentLoaded against it (PageSpeedBrowserTest).
 * A header must precede the body, so the page is held until rendered, which Tomcat did anyway for
 * most pages (its buffer, then gzip); only page navigations (GET, Accept text/html, not the API) are.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class ServerTiming extends OncePerRequestFilter {

    static final String HEADER = "Server-Timing";

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String accept = request.getHeader("Accept");
        return !"GET".equals(request.getMethod()) || accept == null || !accept.contains("text/html")
                || request.getRequestURI().startsWith(request.getContextPath() + "/api/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long start = System.nanoTime();
        ContentCachingResponseWrapper held = new ContentCachingResponseWrapper(response);
        // On an exception nothing is copied: the response stays uncommitted for the error page.
        chain.doFilter(request, held);
        if (!response.isCommitted()) {
            response.setHeader(HEADER, String.format(java.util.Locale.ROOT, "app;dur=%.1f",
                    (System.nanoTime() - start) / 1_000_000.0));
        }
        held.copyBodyToResponse();
    }
}
