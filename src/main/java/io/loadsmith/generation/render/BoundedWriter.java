package io.loadsmith.generation.render;

import java.io.IOException;
import java.io.Writer;

import io.loadsmith.generation.context.TemplateApiException;

/**
 * Where a template writes: it stops a render that writes more than a limit, so that a careless or
 * hostile loop cannot fill the heap. Time is the render guard's (processor time, not the clock).
 */
final class BoundedWriter extends Writer {

    static final int MAX_CHARS = 8 * 1024 * 1024;

    private final StringBuilder out = new StringBuilder(4096);

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
