package io.loadsmith.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.problem.InvalidRequestException;

/**
 * A map edited in a textarea, one {@code NAME=value} a line (environment variables, load options):
 * blank lines are skipped, a line without {@code =} is refused naming the field and the line.
 */
public final class NameValueLines {

    private NameValueLines() {
    }

    public static Map<String, String> parse(String field, String text) {
        Map<String, String> values = new LinkedHashMap<>();
        List<String> lines = text == null ? List.of() : text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw InvalidRequestException.of(field, line, "line " + (i + 1) + " is not NAME=value");
            }
            values.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
        }
        return values;
    }

    /** The map as the textarea shows it. */
    public static String lines(Map<String, String> values) {
        StringBuilder text = new StringBuilder();
        values.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        return text.toString();
    }
}
