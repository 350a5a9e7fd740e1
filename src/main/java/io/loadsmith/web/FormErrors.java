package io.loadsmith.web;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.validation.BindingResult;

import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.NameTakenException;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.KeyedFields;
import io.loadsmith.problem.StaleVersionException;
import jakarta.persistence.OptimisticLockException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * What a rejected form shows: a message at the top, and per form field (named as the service names
 * it, e.g. {@code attributes[7].name}) the messages to show beside that field. Every problem is also
 * in {@code problems}, so one about a field the form does not show is never lost.
 */
public record FormErrors(String message, Map<String, String> fields, List<String> problems) {

    public static final FormErrors NONE = new FormErrors(null, Map.of(), List.of());

    public static FormErrors of(InvalidRequestException e) {
        return of(e.errors());
    }

    /** A name already taken, at the form's name field as well as in the summary (for a form whose name field is {@code name}). */
    public static FormErrors of(NameTakenException e) {
        return of(List.of(new FieldProblem(e.field(), null, e.getMessage())));
    }

    public static FormErrors of(List<FieldProblem> errors) {
        Map<String, String> fields = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (FieldProblem p : errors) {
            String text = p.value() == null ? p.message() : "'" + p.value() + "' " + p.message();
            fields.merge(p.field(), text, (a, b) -> a + "; " + b);
            problems.add(shown(p.field()) + ": " + text);
        }
        return new FormErrors("Nothing was saved: correct the marked fields.", fields, problems);
    }

    /**
     * A field as the page shows it: rows are numbered from 1 on screen and names are words, so
     * {@code attributes[9].dataLength} reads "Attribute 10, data length" in the summary (the service's
     * zero-based path stays the field's key). A key of a map (an option's, a variable's name) is the
     * user's own and stays as typed.
     */
    static String shown(String field) {
        if (field == null || field.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        boolean mapKey = false;
        for (String part : field.split("\\.", -1)) {
            parts.add(mapKey ? part : words(rows(part)));
            mapKey = KeyedFields.NAMES.contains(part);
        }
        String text = String.join(", ", parts);
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    private static final Pattern CAMEL = Pattern.compile("(?<=[a-z0-9])([A-Z])");

    private static String words(String name) {
        Matcher m = CAMEL.matcher(name);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, " " + m.group(1).toLowerCase(java.util.Locale.ROOT));
        }
        return m.appendTail(out).toString();
    }

    private static String rows(String part) {
        Matcher m = INDEXED.matcher(part);
        if (!m.matches()) {
            return part;
        }
        String list = m.group(1);
        String item = list.endsWith("s") ? list.substring(0, list.length() - 1) : list;
        return Character.toUpperCase(item.charAt(0)) + item.substring(1) + " " + (Long.parseLong(m.group(2)) + 1);
    }

    private static final Pattern INDEXED = Pattern.compile("([A-Za-z]+)\\[(\\d{1,9})\\]");

    /** Values the browser sent that do not even convert (text in a number field). */
    public static FormErrors of(BindingResult binding) {
        List<FieldProblem> problems = binding.getFieldErrors().stream()
                .map(f -> new FieldProblem(f.getField(), f.getRejectedValue() == null ? null : f.getRejectedValue().toString(),
                        f.isBindingFailure() ? FormFields.WHOLE_NUMBER : f.getDefaultMessage()))
                .toList();
        return of(problems);
    }

    /**
     * Runs a save and says what it refused ({@link #NONE} when it was saved): invalid fields, a stale
     * version (the typed text stays in the form), a conflict, or a save that raced another of the same
     * version (both read it before either wrote; the API answers 409 for it too). Every designer form
     * saves this way.
     */
    public static FormErrors attempt(Runnable save) {
        try {
            save.run();
            return NONE;
        } catch (InvalidRequestException e) {
            return of(e);
        } catch (StaleVersionException e) {
            return message(e.getMessage() + KEPT);
        } catch (ConflictException e) {
            return message(e.getMessage());
        } catch (ConcurrencyFailureException | OptimisticLockException e) {
            return message(RACED + KEPT);
        }
    }

    /**
     * A form post from start to end: {@link #attempt} the save; refused, {@code again} shows the form with
     * why; saved, the browser (htmx or not) goes on to {@code then} of what was saved.
     */
    public static <T> String save(Supplier<T> save, Function<FormErrors, String> again, Function<T, String> then,
                                  HttpServletRequest request, HttpServletResponse response) {
        AtomicReference<T> saved = new AtomicReference<>();
        FormErrors refused = attempt(() -> saved.set(save.get()));
        return refused.any() ? again.apply(refused) : Htmx.redirect(request, response, then.apply(saved.get()));
    }

    /** What the API says for the same race (ApiExceptionHandler). */
    public static final String RACED = "Someone else changed this at the same moment, and their change was saved.";
    private static final String KEPT = " Your text is still in the form: copy what you need, then reload.";

    public static FormErrors message(String message) {
        return new FormErrors(message, Map.of(), List.of());
    }

    public boolean any() {
        return message != null || !fields.isEmpty();
    }

    public boolean has(String field) {
        return fields.containsKey(field);
    }

    public String at(String field) {
        return fields.get(field);
    }

    /**
     * Problems under a prefix but of none of the given fields, e.g. those of an attribute row that no
     * cell of its own shows (a grid shows each field's at its cell, the rest at the row's first).
     */
    public String underExcept(String prefix, String... shownElsewhere) {
        List<String> shown = Arrays.stream(shownElsewhere).map(f -> prefix + f).toList();
        return fields.entrySet().stream().filter(e -> e.getKey().startsWith(prefix) && !shown.contains(e.getKey()))
                .map(Map.Entry::getValue).reduce((a, b) -> a + "; " + b).orElse(null);
    }

    /** Problems of fields under a prefix, e.g. {@code steps[2].} for everything of step 3. */
    public String under(String prefix) {
        return fields.entrySet().stream().filter(e -> e.getKey().startsWith(prefix))
                .map(Map.Entry::getValue).reduce((a, b) -> a + "; " + b).orElse(null);
    }
}
