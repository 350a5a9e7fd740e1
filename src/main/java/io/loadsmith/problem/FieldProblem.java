package io.loadsmith.problem;

import java.util.Collection;
import java.util.Map;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;

/**
 * One rejected field of a request: its JSON path (e.g. {@code attributes[7].name}), the value, why.
 * A long value is shortened: an answer never echoes back megabytes that were just refused.
 */
public record FieldProblem(String field, String value, String message) {

    static final int SHOWN = 60;

    public FieldProblem {
        if (value != null && value.length() > SHOWN) {
            value = value.substring(0, SHOWN) + "… (" + value.length() + " characters)";
        }
    }

    /**
     * A Bean Validation violation as the services name fields: list entries by index
     * ({@code steps[2].text}, {@code sources[0]}), map entries by key ({@code variants.snowflake}).
     * A list or map that is too long has no value shown; the message says how many fit.
     */
    public static FieldProblem of(ConstraintViolation<?> violation) {
        StringBuilder path = new StringBuilder();
        boolean mapKey = false;
        for (Path.Node node : violation.getPropertyPath()) {
            mapKey = node.getKind() == ElementKind.CONTAINER_ELEMENT && "<map key>".equals(node.getName());
            if (node.isInIterable() && node.getIndex() != null) {
                path.append('[').append(node.getIndex()).append(']');
            } else if (node.isInIterable() && node.getKey() != null && !mapKey) {
                path.append('.').append(node.getKey());
            }
            if (node.getKind() == ElementKind.PROPERTY) {
                path.append(path.isEmpty() ? "" : ".").append(node.getName());
            }
        }
        Object rejected = violation.getInvalidValue();
        String value = rejected == null || rejected instanceof Collection<?> || rejected instanceof Map<?, ?>
                || rejected.toString().isEmpty() ? null : rejected.toString();
        return new FieldProblem(path.toString(), value, mapKey ? "has a key that " + violation.getMessage()
                : violation.getMessage());
    }
}
