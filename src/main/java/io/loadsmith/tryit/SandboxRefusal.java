package io.loadsmith.tryit;

/** The sandbox will not or cannot run what it was given; the message says why, for the person. */
public class SandboxRefusal extends RuntimeException {

    public SandboxRefusal(String message) {
        super(message);
    }
}
