package io.loadsmith.generation.render;

import io.loadsmith.generation.model.GenerationException;

/**
 * Every render thread is busy and every waiting place taken: the render is refused rather than
 * queued without end, and the caller may try again (the API answers 503, the designer says so in place).
 */
public final class RenderBusyException extends GenerationException {

    RenderBusyException(RenderGuard.Pool pool) {
        super(Location.ofLoad(null), "Too many renders at once (" + pool.threads() + " running, " + pool.queue()
                + " waiting); try again in a moment.");
    }
}
