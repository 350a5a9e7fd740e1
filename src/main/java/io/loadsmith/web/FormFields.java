package io.loadsmith.web;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;

/**
 * Turns a form's fields, which the form records keep as the browser sent them (so a refused form shows
 * exactly what was typed), into typed values. A field that is not one becomes a problem at that field;
 * {@link #request} then refuses the whole form at once, naming every such field.
 */
public final class FormFields {

    static final String WHOLE_NUMBER = "is not a valid value here (a whole number is expected)";

    private final List<FieldProblem> problems = new ArrayList<>();

    /** A typed value as a form field shows it (null stays empty). */
    public static String text(Object value) {
        return value == null ? null : value.toString();
    }

    public Integer integer(String field, String text) {
        Long value = whole(field, text);
        if (value != null && (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)) {
            problems.add(new FieldProblem(field, text, WHOLE_NUMBER));
            return null;
        }
        return value == null ? null : value.intValue();
    }

    public Long whole(String field, String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Long.valueOf(text.strip());
        } catch (NumberFormatException e) {
            problems.add(new FieldProblem(field, text, WHOLE_NUMBER));
            return null;
        }
    }

    /** One of an enum's names, as a select offers them; blank is none. */
    public <E extends Enum<E>> E choice(String field, String text, Class<E> type) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Enum.valueOf(type, text.strip());
        } catch (IllegalArgumentException e) {
            problems.add(new FieldProblem(field, text, "is not one of " + Arrays.toString(type.getEnumConstants())));
            return null;
        }
    }

    /** A field that the form's own parsing refused (a list written as text, say). */
    public void refuse(String field, String value, String message) {
        problems.add(new FieldProblem(field, value, message));
    }

    /** The request built from the fields, or a refusal that names every field that was not a value. */
    public <T> T request(T request) {
        if (!problems.isEmpty()) {
            throw new InvalidRequestException(List.copyOf(problems), Map.of());
        }
        return request;
    }
}
