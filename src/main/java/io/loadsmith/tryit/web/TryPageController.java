package io.loadsmith.tryit.web;

import java.util.List;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.load.LoadService;
import io.loadsmith.tryit.TryPlan;
import io.loadsmith.tryit.TryResult;
import io.loadsmith.tryit.TryService;
import jakarta.servlet.http.HttpServletRequest;
import tools.jackson.databind.json.JsonMapper;

/**
 * "Try it" in the designer: sample rows per input table (grid, pasted CSV or generated), then
 * batch 1, 2, 3… One URL serves the page, and the panel alone to htmx. Every run replays the
 * batches kept in the form in a fresh sandbox, so the server keeps nothing between requests.
 */
@Controller
@RequestMapping("/loads/{id}/try")
record TryPageController(TryService tries, LoadService loads, JsonMapper json) {

    @GetMapping
    public String page(@PathVariable long id, Model model, HttpServletRequest request) {
        describe(model, id);
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
        describe(model, id);
        TryPlan plan;
        try {
            plan = tries.plan(id, null);
        } catch (GenerationException e) {
            return view(request, model, null, null, null, "The load's DuckDB SQL cannot be generated: " + e.getMessage());
        }
        return TryPanel.act(plan, params, action, model, request, json, batches -> tries.run(id, null, batches),
                tries::firstBadCell, e -> String.join("; ", e.errors().stream().map(p -> p.field() + " " + p.message()).toList()));
    }

    /** What the shared page (tryit/try) says of a load: its name, its page, where the form posts. */
    private void describe(Model model, long id) {
        var load = loads.get(id);
        model.addAttribute("load", load);
        model.addAttribute("title", load.name());
        model.addAttribute("backUrl", "/loads/" + id);
        model.addAttribute("tryUrl", "/loads/" + id + "/try");
    }

    private String view(HttpServletRequest request, Model model, TryPlan plan, TryForm form, TryResult result, String problem) {
        return TryPanel.view(request, model, json, plan, form, result, problem);
    }
}
