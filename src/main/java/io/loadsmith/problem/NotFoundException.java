package io.loadsmith.problem;

/** An id in the URL or a name in a query parameter that nothing in the store carries: 404. */
public class NotFoundException extends RuntimeException {

    public NotFoundException(String message) {
        super(message);
    }

    public static NotFoundException id(String kind, long id) {
        return new NotFoundException(kind + " " + id + " does not exist.");
    }

    public static NotFoundException name(String kind, String name) {
        return new NotFoundException(kind + " '" + name + "' does not exist.");
    }
}
