package io.loadsmith.problem;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Collects every problem of one request, so the user sees them all at once rather than one per try. */
public final class Violations {

    private final List<FieldProblem> problems = new ArrayList<>();

    public Violations add(String field, Object value, String message) {
        problems.add(new FieldProblem(field, value == null ? null : value.toString(), message));
        return this;
    }

    public boolean isEmpty() {
        return problems.isEmpty();
    }

    public void throwIfAny() {
        if (!problems.isEmpty()) {
            throw new InvalidRequestException(problems, Map.of());
        }
    }
}
