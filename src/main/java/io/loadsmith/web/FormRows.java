package io.loadsmith.web;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;

/**
 * The row buttons of the designer's grids (attributes, steps, parameters) without JavaScript:
 * the form posts an action such as {@code remove-3}, {@code up-1} or {@code down-0}, and the
 * rows change on screen only, until the form is saved.
 */
public final class FormRows {

    private FormRows() {
    }

    /**
     * Where the keyboard stays after {@code action} (the whole grid is drawn again, so focus would drop to
     * the page): the moved row's same button ({@code up-N}, {@code down-N} at its new place), after a
     * remove the next row's remove button, or the previous one's at the end; null when no row is left or
     * the action is no row action. {@code rows} is the number of rows after the action.
     */
    public static String focusAfter(String action, int rows) {
        int dash = action.lastIndexOf('-');
        if (dash < 0 || rows == 0) {
            return null;
        }
        int index;
        try {
            index = Integer.parseInt(action.substring(dash + 1));
        } catch (NumberFormatException e) {
            return null;
        }
        String kind = action.substring(0, dash);
        if (!List.of("up", "down", "remove").contains(kind) || index < 0) {
            return null;
        }
        int at = switch (kind) {
            case "up" -> index - 1;
            case "down" -> index + 1;
            default -> index;
        };
        return kind + "-" + Math.max(0, Math.min(at, rows - 1));
    }

    /** The rows after {@code action} ({@link #move}) as a new list: a form record keeps the rows it was bound with. */
    public static <T> List<T> moved(List<T> rows, String action) {
        List<T> copy = new ArrayList<>(rows);
        move(copy, action);
        return copy;
    }

    /**
     * A copy of the rows, without row N when {@code action} is {@code prefix + N} (a grid's own remove
     * button, as {@code remove-parameter-2}); a row that is not there, or another action, removes nothing.
     */
    public static <T> List<T> removed(List<T> rows, String prefix, String action) {
        return action.startsWith(prefix) ? moved(rows, "remove-" + action.substring(prefix.length()))
                : new ArrayList<>(rows);
    }

    /**
     * A form record's bound rows, never null: a row the browser skipped ({@code rows[0]} and {@code rows[2]}
     * sent) binds as null and is kept as an {@code empty} row in its place, not dropped.
     */
    public static <T> List<T> bound(List<T> rows, Supplier<T> empty) {
        return rows == null ? List.of() : rows.stream().map(r -> r == null ? empty.get() : r).toList();
    }

    /** Applies {@code remove-N}, {@code up-N} or {@code down-N}; anything else, or a row that is not there, changes nothing. */
    public static <T> void move(List<T> rows, String action) {
        int dash = action.lastIndexOf('-');
        if (dash < 0) {
            return;
        }
        int index;
        try {
            index = Integer.parseInt(action.substring(dash + 1));
        } catch (NumberFormatException e) {
            return;
        }
        if (index < 0 || index >= rows.size()) {
            return;
        }
        switch (action.substring(0, dash)) {
            case "remove" -> rows.remove(index);
            case "up" -> {
                if (index > 0) {
                    Collections.swap(rows, index, index - 1);
                }
            }
            case "down" -> {
                if (index < rows.size() - 1) {
                    Collections.swap(rows, index, index + 1);
                }
            }
            default -> {
                // not a row action
            }
        }
    }
}
