package io.loadsmith.problem;

/**
 * A name another object of the kind already has: a conflict (409) like any other to the API, which a
 * form shows at its name field rather than only above the form.
 */
public class NameTakenException extends ConflictException {

    public NameTakenException(String message) {
        super(message);
    }

    /** The request's field that carries the name. */
    public String field() {
        return "name";
    }
}
