package io.loadsmith.tryit.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.generation.GenerationException;
import io.loadsmith.load.LoadService;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.tryit.SandboxRefusal;
import io.loadsmith.tryit.TryPlan;
import io.loadsmith.tryit.TryResult;
import io.loadsmith.tryit.TryRunner;
import io.loadsmith.tryit.TryService;
import io.loadsmith.web.Htmx;
import jakarta.servlet.http.HttpServletRequest;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * "Try it" in the designer: sample rows per input table (grid, pasted CSV or generated), then
 * batch 1, 2, 3… One URL serves the page, and the panel alone to htmx. Every run replays the
 * batches kept in the form in a fresh sandbox, so the server keeps nothing between requests.
 */
@Controller
@RequestMapping("/loads/{id}/try")
class TryPageController {

    private final TryService tries;
    private final LoadService loads;
    private final JsonMapper json;

    public TryPageController(TryService tries, LoadService loads, JsonMapper json) {
        this.tries = tries;
        this.loads = loads;
        this.json = json;
    }

    @GetMapping
    public String page(@PathVariable long id, Model model, HttpServletRequest request) {
        model.addAttribute("load", loads.get(id));
        try {
            TryPlan plan = tries.plan(id, null);
            return view(request, model, plan, TryForm.empty(plan), null, null);
        } catch (GenerationException e) {
            return view(request, model, null, null, null, "The load's DuckDB SQL cannot be generated: " + e.getMessage());
        }
    }

    @PostMapping
    public String act(@PathVariable long id, @RequestParam MultiValueMap<String, String> params,
                      @RequestParam(defaultValue = "run") String action, Model model, HttpServletRequest request) {
        model.addAttribute("load", loads.get(id));
        TryPlan plan;
        try {
            plan = tries.plan(id, null);
        } catch (GenerationException e) {
            return view(request, model, null, null, null, "The load's DuckDB SQL cannot be generated: " + e.getMessage());
        }
        TryForm form;
        try {
            form = TryForm.read(plan, params, json);
        } catch (JacksonException e) {
            form = TryForm.empty(plan);
            return view(request, model, plan, form, null, "The earlier batches in the page could not be read; start over.");
        }
        String problem = null;
        TryResult result = null;
        try {
            if (action.equals("run")) {
                List<TryRunner.Batch> batches = new ArrayList<>(form.history);
                batches.add(form.batch(plan));
                result = tries.run(id, null, batches);
                if (result.failure() == null) {
                    form.history.clear();
                    form.history.addAll(batches);
                }
            } else if (action.equals("start-over")) {
                form.history.clear();
            } else {
                problem = GridEdits.apply(plan, form, action, params, tries::firstBadCell);
                String table = action.substring(action.indexOf('-') + 1);
                String csv = params.getFirst("csv.t" + table);
                if (problem != null && action.startsWith("csv-") && csv != null) {
                    // A refused CSV stays in its box, open, to be corrected rather than pasted again.
                    model.addAttribute("csv", Map.of(table, csv));
                }
            }
        } catch (InvalidRequestException e) {
            problem = String.join("; ", e.errors().stream().map(p -> p.field() + " " + p.message()).toList());
        } catch (SandboxRefusal e) {
            // A pasted CSV is checked in the sandbox too, so a busy sandbox can refuse it as well as a run.
            problem = e.getMessage();
        }
        return view(request, model, plan, form, result, problem);
    }

    private String view(HttpServletRequest request, Model model, TryPlan plan, TryForm form, TryResult result, String problem) {
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
