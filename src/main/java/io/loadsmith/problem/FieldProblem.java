package io.loadsmith.problem;

/** One rejected field of a request: its JSON path (e.g. {@code attributes[7].name}), the value, why. */
public record FieldProblem(String field, String value, String message) {
}
