package io.loadsmith.problem;

import java.io.IOException;
import java.io.InputStream;

/** A request body over the size that its endpoint accepts; answered 413 before anything is parsed. */
public class PayloadTooLargeException extends RuntimeException {

    public PayloadTooLargeException(String message) {
        super(message);
    }

    /** Reads at most {@code limit} bytes; one more is refused, so a huge body is never held whole. */
    public static byte[] readAtMost(InputStream in, int limit, String what) throws IOException {
        byte[] bytes = in.readNBytes(limit + 1);
        if (bytes.length > limit) {
            throw new PayloadTooLargeException(what + " is larger than " + limit / (1024 * 1024) + " MB.");
        }
        return bytes;
    }
}
