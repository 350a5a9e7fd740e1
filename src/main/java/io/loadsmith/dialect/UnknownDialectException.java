package io.loadsmith.dialect;

import java.util.Collection;

/** A dialect name that no file in templates-library/dialects defines. */
public class UnknownDialectException extends RuntimeException {

    public UnknownDialectException(String name, Collection<String> known) {
        super("Unknown dialect '" + shown(name) + "'. Known dialects: " + String.join(", ", known) + ".");
    }

    /** The value as the user sent it, shortened: an answer never echoes back a long refused value. */
    private static String shown(String name) {
        return name == null || name.length() <= 60 ? name : name.substring(0, 60) + "… (" + name.length() + " characters)";
    }
}
