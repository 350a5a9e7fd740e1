package io.loadsmith.limits;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerExceptionResolver;

import io.loadsmith.problem.PayloadTooLargeException;
import io.loadsmith.problem.RefusedBody;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Refuses an API request body over {@link Limits#API_BODY_BYTES} with 413 before anything parses it.
 * A declared Content-Length is checked without looking at the body. A body of unknown length
 * (chunked) is read up to one byte past the limit and then handed on from memory, so no parser ever
 * sees more than the limit. The rest of a refused body is dropped ({@link RefusedBody}) so that the
 * client gets to read the answer. Package imports have their own, larger limit
 * ({@code PackageJson.MAX_BYTES}) that their controller enforces while reading, so they are left
 * alone here.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class ApiBodyLimitFilter extends OncePerRequestFilter {

    private static final String API = "/api/";
    private static final String IMPORT = "/api/v1/packages/import";

    private final HandlerExceptionResolver problems;

    /** The refusal goes through the same exception handler as every other problem detail. */
    public ApiBodyLimitFilter(@Qualifier("handlerExceptionResolver") HandlerExceptionResolver problems) {
        this.problems = problems;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        // The decoded, normalised path: the one that request mapping matches, not the raw URI.
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        return !path.startsWith(API) || path.equals(IMPORT) || path.startsWith(IMPORT + "/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long declared = request.getContentLengthLong();
        if (declared > Limits.API_BODY_BYTES) {
            // A client that waits for "100 Continue" has not sent the body and will not: nothing to drop.
            if (request.getHeader(HttpHeaders.EXPECT) == null) {
                RefusedBody.discardRest(request);
            }
            refuse(request, response);
            return;
        }
        if (declared >= 0) {
            chain.doFilter(request, response);
            return;
        }
        byte[] body = request.getInputStream().readNBytes(Limits.API_BODY_BYTES + 1);
        if (body.length > Limits.API_BODY_BYTES) {
            RefusedBody.discardRest(request);
            refuse(request, response);
            return;
        }
        chain.doFilter(new ReadBody(request, body), response);
    }

    private void refuse(HttpServletRequest request, HttpServletResponse response) {
        problems.resolveException(request, response, null,
                PayloadTooLargeException.of("The request body", Limits.API_BODY_BYTES));
    }

    /** The request with its body already read into memory. */
    private static final class ReadBody extends HttpServletRequestWrapper {

        private final byte[] body;

        ReadBody(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("The body was read already; it is not read asynchronously.");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            Charset charset = getCharacterEncoding() == null ? StandardCharsets.UTF_8 : Charset.forName(getCharacterEncoding());
            return new BufferedReader(new InputStreamReader(getInputStream(), charset));
        }
    }
}
