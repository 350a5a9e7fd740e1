package io.loadsmith.dialect;

import java.util.Collection;

/** A dialect name that no file in templates-library/dialects defines. */
public class UnknownDialectException extends RuntimeException {

    public UnknownDialectException(String name, Collection<String> known) {
        super("Unknown dialect '" + name + "'. Known dialects: " + String.join(", ", known) + ".");
    }
}
