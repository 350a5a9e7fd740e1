package io.loadsmith.dialect;

import java.util.Map;

/** Dialect registries made of given definitions, for tests outside this package (the constructor is package-private). */
public final class TestDialects {

    private TestDialects() {
    }

    public static DialectRegistry registry(Map<String, Map<String, Object>> definitions) {
        return new DialectRegistry(definitions);
    }
}
