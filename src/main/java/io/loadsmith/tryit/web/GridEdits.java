package io.loadsmith.tryit.web;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

import org.springframework.util.MultiValueMap;

import io.loadsmith.tryit.SampleRows;
import io.loadsmith.tryit.Sandbox;
import io.loadsmith.tryit.TryPlan;

/** The buttons of the sample-row grid: they change the rows in the form only, never run anything. */
final class GridEdits {

    private static final int GENERATED = 3;

    private GridEdits() {
    }

    /**
     * add-row-T, generate-T, remove-row-T-R, csv-T: changes the grid only; a message when the CSV does not fit.
     *
     * @param badCell the first value of a table's rows its column's type cannot take, in words, or null
     */
    static String apply(TryPlan plan, TryForm form, String action, MultiValueMap<String, String> params,
                        BiFunction<TryPlan.InputTable, List<List<String>>, String> badCell) {
        String[] parts = action.split("-");
        int t = parts.length > 1 ? index(parts[parts.length - (action.startsWith("remove-row-") ? 2 : 1)]) : -1;
        if (t < 0 || t >= plan.inputs().size()) {
            return null;
        }
        List<List<String>> rows = form.grid.get(t);
        TryPlan.InputTable table = plan.inputs().get(t);
        if (action.startsWith("add-row-") && rows.size() < Sandbox.MAX_ROWS) {
            List<String> empty = new ArrayList<>();
            table.columns().forEach(c -> empty.add(null));
            rows.add(empty);
        } else if (action.startsWith("generate-")) {
            generate(plan, form, t);
        } else if (action.startsWith("remove-row-")) {
            int r = index(parts[parts.length - 1]);
            if (r >= 0 && r < rows.size()) {
                rows.remove(r);
            }
        } else if (action.startsWith("csv-")) {
            return CsvRows.replace(table, rows, params.getFirst("csv.t" + t), parsed -> badCell.apply(table, parsed));
        }
        return null;
    }

    private static void generate(TryPlan plan, TryForm form, int t) {
        List<List<String>> rows = form.grid.get(t);
        for (int i = 0; i < GENERATED && rows.size() < Sandbox.MAX_ROWS; i++) {
            rows.add(SampleRows.row(plan.inputs().get(t).columns(), rows.size() + 1));
        }
    }

    private static int index(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

}
