package io.loadsmith.problem;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The request breaks a rule of the model: 400 with one entry per rejected field. {@code properties}
 * are extra members of the problem detail (e.g. template, line and column of a template error).
 */
public class InvalidRequestException extends RuntimeException {

    private final List<FieldProblem> errors;
    private final Map<String, Object> properties;

    public InvalidRequestException(List<FieldProblem> errors, Map<String, Object> properties) {
        super(summary(errors));
        this.errors = List.copyOf(errors);
        this.properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    public static InvalidRequestException of(String field, Object value, String message) {
        return new InvalidRequestException(List.of(new FieldProblem(field, value == null ? null : value.toString(), message)),
                Map.of());
    }

    public List<FieldProblem> errors() {
        return errors;
    }

    public Map<String, Object> properties() {
        return properties;
    }

    private static String summary(List<FieldProblem> errors) {
        StringBuilder text = new StringBuilder();
        for (FieldProblem e : errors) {
            if (!text.isEmpty()) {
                text.append(' ');
            }
            text.append(e.field());
            if (e.value() != null) {
                text.append(" '").append(e.value()).append('\'');
            }
            text.append(": ").append(e.message());
            if (!e.message().endsWith(".")) {
                text.append('.');
            }
        }
        return text.toString();
    }
}
