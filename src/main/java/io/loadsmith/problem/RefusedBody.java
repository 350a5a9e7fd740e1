package io.loadsmith.problem;

import java.io.IOException;
import java.io.InputStream;

import jakarta.servlet.http.HttpServletRequest;

/**
 * After a 413 Tomcat closes the connection without reading the rest of the body, and a client that
 * is still sending then often sees a reset connection instead of the answer. So the rest of a
 * refused body is read and dropped first, never kept, up to {@link #DISCARD_BYTES}; a body that is
 * longer is cut off.
 */
public final class RefusedBody {

    /** Beyond this the sender has to do with a closed connection. */
    public static final long DISCARD_BYTES = 64L * 1024 * 1024;

    private RefusedBody() {
    }

    public static void discardRest(HttpServletRequest request) {
        if (request.getContentLengthLong() > DISCARD_BYTES) {
            return;
        }
        byte[] buffer = new byte[64 * 1024];
        try {
            InputStream in = request.getInputStream();
            for (long left = DISCARD_BYTES; left > 0; ) {
                int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (read < 0) {
                    return;
                }
                left -= read;
            }
        } catch (IOException | IllegalStateException e) {
            // The client went away, or the body cannot be read any more: nothing to wait for.
        }
    }
}
