package io.loadsmith.load.web;

import io.loadsmith.load.GenerationResult;
import io.loadsmith.web.FormErrors;

/**
 * A preview pane's content, on the load page and the template page alike: the load shown (when the
 * page picks one), the dialect and environment, the generated SQL or why it failed ({@code stepIndex}
 * 0-based, with template, line and column when known), and whether it is of a text not saved yet.
 */
public record GenerationPreview(Long loadId, String dialect, String environment, String sql, String error,
                                Integer stepIndex, String template, Integer line, Integer column, boolean draft) {

    /** The front door's answer; a refused draft shows its fields' problems, as the form would. */
    public static GenerationPreview of(Long loadId, GenerationResult<?> result, boolean draft) {
        GenerationResult.Problem problem = result.problem();
        if (problem == null) {
            return new GenerationPreview(loadId, result.dialect(), result.environment(), result.sql(), null, null, null,
                    null, null, draft);
        }
        String error = problem.fields().isEmpty() ? problem.message() : FormErrors.of(problem.fields()).problems()
                .stream().reduce((a, b) -> a + "; " + b).orElse(problem.message());
        return new GenerationPreview(loadId, result.dialect(), result.environment(), null, error, problem.stepIndex(),
                problem.template(), problem.line(), problem.column(), draft);
    }

    /** Nothing generated (yet): only the choice of load and dialect, and what to say instead. */
    public static GenerationPreview without(Long loadId, String dialect, String error, boolean draft) {
        return new GenerationPreview(loadId, dialect, null, null, error, null, null, null, null, draft);
    }

    /**
     * The SQL as the code view's lines ({@code <span class="line">…</span>} each), escaped as th:text
     * escapes (the same function) in one pass: th:text escaped a load's SQL a character at a time into
     * the writer, two thirds of the pane's rendering. Kept per SQL text ({@link EscapedSql}): a
     * preview shown again (a dialect switched back, a keystroke that changes no SQL) is not escaped again.
     */
    public String sqlLines() {
        return sql == null ? null : EscapedSql.lines(sql);
    }

    public boolean failedAt(int index) {
        return stepIndex != null && stepIndex == index;
    }
}
