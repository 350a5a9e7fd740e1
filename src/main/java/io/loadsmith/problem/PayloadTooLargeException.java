package io.loadsmith.problem;

import java.io.IOException;
import java.io.InputStream;

/** A request body over the size that its endpoint accepts; answered 413 before anything is parsed. */
public class PayloadTooLargeException extends RuntimeException {

    private final long maxBytes;

    public PayloadTooLargeException(String message, long maxBytes) {
        super(message);
        this.maxBytes = maxBytes;
    }

    /** "The package is larger than 20 MB." */
    public static PayloadTooLargeException of(String what, long maxBytes) {
        return new PayloadTooLargeException(what + " is larger than " + maxBytes / (1024 * 1024) + " MB ("
                + maxBytes + " bytes), the most that is accepted.", maxBytes);
    }

    /** The limit in bytes, for clients that split or shrink what they send. */
    public long maxBytes() {
        return maxBytes;
    }

    /** Reads at most {@code limit} bytes; one more is refused, so a huge body is never held whole. */
    public static byte[] readAtMost(InputStream in, int limit, String what) throws IOException {
        byte[] bytes = in.readNBytes(limit + 1);
        if (bytes.length > limit) {
            throw of(what, limit);
        }
        return bytes;
    }
}
