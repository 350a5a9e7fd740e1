package io.loadsmith.load;

import java.util.List;

import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;

/**
 * What {@link Generation} answers: the dialect and environment it used, and either what was generated
 * ({@code T}: a load's SQL, an entity's DDL, a package's files) or the one problem that stopped it,
 * said where it happened.
 */
public record GenerationResult<T>(String dialect, String environment, T generated, Problem problem) {

    /**
     * A failed result, the problem said from the exception that stopped generation: a template's error
     * with its location, a refused request with its fields, anything else with its message.
     */
    public static <T> GenerationResult<T> failed(String dialect, String environment, RuntimeException cause) {
        Problem problem = cause instanceof GenerationException e ? Problem.of(e)
                : cause instanceof InvalidRequestException e ? Problem.of(e) : Problem.of(cause);
        return new GenerationResult<>(dialect, environment, null, problem);
    }

    public boolean failed() {
        return problem != null;
    }

    /** The whole SQL of a load or an entity's DDL; null on failure (and for a package, which is files). */
    public String sql() {
        return generated instanceof GeneratedLoad load ? load.sql() : generated instanceof String ddl ? ddl : null;
    }

    /**
     * What was generated, or the failure thrown again as it was raised: the REST API and the command
     * line answer with the status and text they always had (404 for a missing load, 422 for a template error).
     */
    public T orThrow() {
        if (problem != null) {
            throw problem.cause();
        }
        return generated;
    }

    /**
     * Why generation stopped. {@code stepNumber} counts from 1; load, step, template, line and column
     * when known; {@code fields} the refused fields of a draft (empty otherwise). {@code cause} is kept
     * only for {@link #orThrow()}, never shown.
     */
    public record Problem(String message, String load, Integer stepNumber, String step, String template, Integer line,
                          Integer column, List<FieldProblem> fields, RuntimeException cause) {

        public Problem {
            fields = fields == null ? List.of() : List.copyOf(fields);
        }

        /** The 0-based index of the failing step, as the pages number their rows; null when no step failed. */
        public Integer stepIndex() {
            return stepNumber == null ? null : stepNumber - 1;
        }

        static Problem of(GenerationException e) {
            GenerationException.Location at = e.location();
            return new Problem(e.getMessage(), at.load(), at.stepNumber(), at.step(), at.template(), at.line(),
                    at.column(), List.of(), e);
        }

        static Problem of(InvalidRequestException e) {
            return new Problem(e.getMessage(), null, null, null, null, null, null, e.errors(), e);
        }

        static Problem of(RuntimeException e) {
            return new Problem(e.getMessage(), null, null, null, null, null, null, List.of(), e);
        }
    }
}
