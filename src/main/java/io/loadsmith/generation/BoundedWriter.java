package io.loadsmith.generation;

import java.io.IOException;
import java.io.Writer;

/**
 * Where a template writes: it stops a render that writes more than a limit, or that is still
 * writing after a time limit, so that a careless or hostile loop cannot fill the heap or hold a
 * request thread. (A loop that writes nothing is bounded only by its own range.)
 */
final class BoundedWriter extends Writer {

    static final int MAX_CHARS = 8 * 1024 * 1024;
    static final long MAX_NANOS = 10_000_000_000L;

    private final StringBuilder out = new StringBuilder(4096);
    private final long deadline = System.nanoTime() + MAX_NANOS;

    @Override
    public void write(char[] buffer, int offset, int length) throws IOException {
        admit(length);
        out.append(buffer, offset, length);
    }

    @Override
    public void write(String text, int offset, int length) throws IOException {
        admit(length);
        out.append(text, offset, offset + length);
    }

    private void admit(int length) throws IOException {
        if (out.length() + length > MAX_CHARS) {
            throw new IOException(new TemplateApiException("The template wrote more than " + MAX_CHARS / (1024 * 1024)
                    + " MB of SQL; a loop may not end. Rendering was stopped."));
        }
        if (System.nanoTime() > deadline) {
            throw new IOException(new TemplateApiException("The template ran longer than " + MAX_NANOS / 1_000_000_000L
                    + " seconds; rendering was stopped."));
        }
    }

    @Override
    public void flush() {
        // Nothing buffered outside the builder.
    }

    @Override
    public void close() {
        // Nothing to release.
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
