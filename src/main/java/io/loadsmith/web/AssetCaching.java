package io.loadsmith.web;

import java.io.IOException;
import java.util.regex.Pattern;

import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

/**
 * A static asset asked for by its versioned name (the content's MD5 in the file name, which pages get
 * from Spring's resource chain, spring.web.resources.chain.strategy.content) is kept by the browser for
 * a year without asking again: that name never means other bytes. The resource chain answers such a
 * name only when the hash matches the content, so a stale or made-up hash is a 404 and never cached.
 * Every other answer keeps the Cache-Control its handler gave it (an unversioned asset: no-cache, so
 * it is revalidated; a page: Spring Security's no-store, since pages carry CSRF tokens).
 */
@Component
public class AssetCaching extends OncePerRequestFilter {

    static final String A_YEAR = "max-age=31536000, public, immutable";
    private static final Pattern VERSIONED = Pattern.compile("-[0-9a-f]{32}\\.[a-z]+$");

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !VERSIONED.matcher(request.getRequestURI()).find();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        chain.doFilter(request, new HttpServletResponseWrapper(response) {
            // Only the resource handler sets Cache-Control on a found asset; an error page goes its own way.
            @Override
            public void setHeader(String name, String value) {
                super.setHeader(name, HttpHeaders.CACHE_CONTROL.equalsIgnoreCase(name) && isFound() ? A_YEAR : value);
            }

            @Override
            public void addHeader(String name, String value) {
                super.addHeader(name, HttpHeaders.CACHE_CONTROL.equalsIgnoreCase(name) && isFound() ? A_YEAR : value);
            }

            private boolean isFound() {
                return getStatus() == HttpServletResponse.SC_OK;
            }
        });
    }
}
