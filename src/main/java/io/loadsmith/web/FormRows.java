package io.loadsmith.web;

import java.util.Collections;
import java.util.List;

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
