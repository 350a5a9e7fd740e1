package io.loadsmith.problem;

/** A signed-in caller asked for something their role or token does not allow (403), said why. */
public class ForbiddenException extends RuntimeException {

    public ForbiddenException(String message) {
        super(message);
    }
}
