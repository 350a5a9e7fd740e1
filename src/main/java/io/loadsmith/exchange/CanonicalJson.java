package io.loadsmith.exchange;

import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * JSON as git likes it: one value per line, two-space indentation, {@code "key": value}, LF line
 * ends, a final newline, map keys sorted. Used for package files and export manifests.
 */
public final class CanonicalJson {

    private static final DefaultIndenter INDENT = new DefaultIndenter("  ", "\n");
    private static final DefaultPrettyPrinter PRINTER = new DefaultPrettyPrinter(Separators.createDefaultInstance()
            .withObjectNameValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("")
            .withArrayEmptySeparator(""))
            .withArrayIndenter(INDENT)
            .withObjectIndenter(INDENT);
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .defaultPrettyPrinter(PRINTER)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    private CanonicalJson() {
    }

    public static String write(Object value) {
        return MAPPER.writeValueAsString(value) + "\n";
    }
}
