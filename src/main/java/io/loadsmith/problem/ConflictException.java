package io.loadsmith.problem;

/** The request is valid on its own but clashes with what is stored (duplicate name, still in use): 409. */
public class ConflictException extends RuntimeException {

    public ConflictException(String message) {
        super(message);
    }
}
