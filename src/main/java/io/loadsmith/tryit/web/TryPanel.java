package io.loadsmith.tryit.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

import org.springframework.ui.Model;
import org.springframework.util.MultiValueMap;

import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.tryit.SandboxRefusal;
import io.loadsmith.tryit.TryPlan;
import io.loadsmith.tryit.TryResult;
import io.loadsmith.tryit.TryRunner;
import io.loadsmith.web.Htmx;
import jakarta.servlet.http.HttpServletRequest;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The try panel (tryit/try) of a load's page and of a package's "Try the model": a form's action (run the
 * next batch, start over, or an edit of the grid) and the page or panel that shows it. What is tried (one
 * load, or a model) is the caller's {@code run}.
 */
final class TryPanel {

    private TryPanel() {
    }

    /**
     * @param run     the batches (those run so far, then the grid's) to their result
     * @param badCell the first value of a table's rows its column's type cannot take, in words, or null
     * @param refusal a refused request in words
     */
    static String act(TryPlan plan, MultiValueMap<String, String> params, String action, Model model,
                      HttpServletRequest request, JsonMapper json, Function<List<TryRunner.Batch>, TryResult> run,
                      BiFunction<TryPlan.InputTable, List<List<String>>, String> badCell,
                      Function<InvalidRequestException, String> refusal) {
        TryForm form;
        try {
            form = TryForm.read(plan, params, json);
        } catch (JacksonException e) {
            return view(request, model, json, plan, TryForm.empty(plan), null,
                    "The earlier batches in the page could not be read; start over.");
        }
        String problem = null;
        TryResult result = null;
        try {
            if (action.equals("run")) {
                List<TryRunner.Batch> batches = new ArrayList<>(form.history);
                batches.add(form.batch(plan));
                result = run.apply(batches);
                if (result.failure() == null) {
                    form.history.clear();
                    form.history.addAll(batches);
                }
            } else if (action.equals("start-over")) {
                form.history.clear();
            } else {
                problem = GridEdits.apply(plan, form, action, params, badCell);
                String table = action.substring(action.indexOf('-') + 1);
                String csv = params.getFirst("csv.t" + table);
                if (problem != null && action.startsWith("csv-") && csv != null) {
                    // A refused CSV stays in its box, open, to be corrected rather than pasted again.
                    model.addAttribute("csv", Map.of(table, csv));
                }
            }
        } catch (InvalidRequestException e) {
            problem = refusal.apply(e);
        } catch (SandboxRefusal e) {
            // A pasted CSV is checked in the sandbox too, so a busy sandbox can refuse it as well as a run.
            problem = e.getMessage();
        }
        return view(request, model, json, plan, form, result, problem);
    }

    /** The page, or the panel alone to htmx; without a plan, only the problem. */
    static String view(HttpServletRequest request, Model model, JsonMapper json, TryPlan plan, TryForm form,
                       TryResult result, String problem) {
        model.addAttribute("plan", plan);
        model.addAttribute("grid", form == null ? List.of() : form.cells());
        model.addAttribute("history", form == null ? "[]" : form.historyJson(json));
        model.addAttribute("done", form == null ? 0 : form.history.size());
        model.addAttribute("result", result);
        model.addAttribute("problem", problem);
        if (!model.containsAttribute("csv")) {
            model.addAttribute("csv", Map.of());
        }
        return Htmx.view(request, "tryit/try", "panel");
    }
}
