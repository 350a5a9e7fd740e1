package io.loadsmith.problem;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;

/**
 * The API's request records carry Bean Validation constraints (a step needs a name and text, sizes
 * of {@link io.loadsmith.limits.Limits}, ...) that the REST controllers enforce with {@code @Valid}.
 * Pages and the package import build the same records, so they check the same constraints before
 * calling a service: neither can store what the API would refuse.
 */
public final class RequestChecks {

    private static final ValidatorFactory FACTORY = Validation.buildDefaultValidatorFactory();
    private static final Validator VALIDATOR = FACTORY.getValidator();

    private RequestChecks() {
    }

    /** Returns {@code request} when it meets its constraints; else throws with one problem per field. */
    public static <T> T valid(T request) {
        List<FieldProblem> problems = VALIDATOR.validate(request).stream()
                .map(FieldProblem::of)
                .sorted(Comparator.comparing(FieldProblem::field))
                .toList();
        if (!problems.isEmpty()) {
            throw new InvalidRequestException(problems, Map.of());
        }
        return request;
    }
}
