package io.loadsmith.problem;

import java.util.List;
import java.util.Map;

/**
 * Well-formed fields that contradict what is stored (a deployment time before its version existed,
 * a person other than the caller): 422 with one entry per field, where a malformed field is a 400.
 */
public class UnprocessableRequestException extends InvalidRequestException {

    public UnprocessableRequestException(List<FieldProblem> errors) {
        super(errors, Map.of());
    }
}
