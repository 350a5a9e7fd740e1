package io.loadsmith.generation;

import java.util.Map;

/** Physical types that users stored for a dialect, by logical type; they win over the dialect file. */
@FunctionalInterface
public interface DatatypeOverrides {

    Map<String, String> forDialect(String dialect);

    static DatatypeOverrides none() {
        return dialect -> Map.of();
    }
}
