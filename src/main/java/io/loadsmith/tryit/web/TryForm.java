package io.loadsmith.tryit.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.springframework.util.MultiValueMap;

import io.loadsmith.tryit.Sandbox;
import io.loadsmith.tryit.TryPlan;
import io.loadsmith.tryit.TryRunner;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The try panel's form, kept whole in the page so the server holds no state: the batches already
 * run ({@code history}, JSON as the API takes it), and the grid of the next batch per input table
 * ({@code t{table}.r{row}.c{column}}, {@code t{table}.rows}); an empty cell is NULL, and {@code ""} an empty
 * text, as in pasted CSV (see {@link #cell}).
 */
final class TryForm {

    private static final TypeReference<List<Map<String, List<Map<String, Object>>>>> HISTORY = new TypeReference<>() {
    };

    private static final Pattern QUOTES_ONLY = Pattern.compile("\"*");

    final List<TryRunner.Batch> history = new ArrayList<>();
    /** Per input table (plan order), the rows of the grid. */
    final List<List<List<String>>> grid = new ArrayList<>();

    static TryForm empty(TryPlan plan) {
        TryForm form = new TryForm();
        plan.inputs().forEach(t -> form.grid.add(new ArrayList<>()));
        return form;
    }

    static TryForm read(TryPlan plan, MultiValueMap<String, String> params, JsonMapper json) {
        TryForm form = empty(plan);
        String history = params.getFirst("history");
        if (history != null && !history.isBlank()) {
            json.readValue(history, HISTORY).forEach(b -> form.history.add(new TryRunner.Batch(b)));
        }
        for (int t = 0; t < plan.inputs().size(); t++) {
            int columns = plan.inputs().get(t).columns().size();
            int rows = Math.min(number(params.getFirst("t" + t + ".rows")), Sandbox.MAX_ROWS);
            for (int r = 0; r < rows; r++) {
                List<String> row = new ArrayList<>();
                for (int c = 0; c < columns; c++) {
                    String value = params.getFirst("t" + t + ".r" + r + ".c" + c);
                    row.add(value(value));
                }
                form.grid.get(t).add(row);
            }
        }
        return form;
    }

    /** The grid as a batch: rows by table, values by column. */
    TryRunner.Batch batch(TryPlan plan) {
        Map<String, List<Map<String, Object>>> tables = new LinkedHashMap<>();
        for (int t = 0; t < plan.inputs().size(); t++) {
            List<TryPlan.Column> columns = plan.inputs().get(t).columns();
            List<Map<String, Object>> rows = new ArrayList<>();
            for (List<String> values : grid.get(t)) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int c = 0; c < columns.size(); c++) {
                    row.put(columns.get(c).name(), values.get(c));
                }
                rows.add(row);
            }
            tables.put(plan.inputs().get(t).name(), rows);
        }
        return new TryRunner.Batch(tables);
    }

    /** The grid as its cells show it. */
    List<List<List<String>>> cells() {
        return grid.stream().map(rows -> rows.stream().map(row -> row.stream().map(TryForm::cell).toList()).toList()).toList();
    }

    /**
     * A value as its cell shows it: NULL as an empty cell, a text of only double quotes (the empty text too)
     * with two more, so that {@code ""} is the empty text and every value comes back as it went.
     */
    static String cell(String value) {
        if (value == null) {
            return "";
        }
        return QUOTES_ONLY.matcher(value).matches() ? "\"\"" + value : value;
    }

    /** What a cell's text stands for: the reverse of {@link #cell}. */
    static String value(String cell) {
        if (cell == null || cell.isEmpty()) {
            return null;
        }
        return cell.length() >= 2 && QUOTES_ONLY.matcher(cell).matches() ? cell.substring(2) : cell;
    }

    String historyJson(JsonMapper json) {
        return json.writeValueAsString(history.stream().map(TryRunner.Batch::tables).toList());
    }

    private static int number(String text) {
        try {
            return text == null ? 0 : Math.max(0, Integer.parseInt(text.strip()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
