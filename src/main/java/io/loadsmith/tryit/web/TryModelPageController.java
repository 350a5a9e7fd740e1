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

import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.LoadService;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.tryit.TryModelPlan;
import io.loadsmith.tryit.TryResult;
import io.loadsmith.tryit.TryService;
import jakarta.servlet.http.HttpServletRequest;
import tools.jackson.databind.json.JsonMapper;

/**
 * "Try the model" in the designer: every load of a package run on sample rows of its root tables, batch
 * after batch, on the load page's try panel (tryit/try: grid, CSV, generated rows). One URL serves the page,
 * and the panel alone to htmx; the batches run so far travel in the form, as on the load's page.
 */
@Controller
@RequestMapping("/packages/{name}/try")
public record TryModelPageController(TryService tries, MetadataPackageService packages, LoadService loads,
                                     JsonMapper json) {

    @GetMapping
    public String page(@PathVariable String name, Model model, HttpServletRequest request) {
        PackageResponse pkg = packages.byPageRef(name);
        describe(model, pkg);
        try {
            TryModelPlan plan = tries.planModel(title(pkg), loadIds(pkg), null);
            model.addAttribute("modelLoads", plan.loads());
            return view(request, model, plan, TryForm.empty(plan.plan()), null, null);
        } catch (InvalidRequestException e) {
            return view(request, model, null, null, null, message(e));
        }
    }

    @PostMapping
    public String act(@PathVariable String name, @RequestParam MultiValueMap<String, String> params,
                      @RequestParam(defaultValue = "run") String action, Model model, HttpServletRequest request) {
        PackageResponse pkg = packages.byPageRef(name);
        describe(model, pkg);
        TryModelPlan plan;
        try {
            plan = tries.planModel(title(pkg), loadIds(pkg), null);
        } catch (InvalidRequestException e) {
            return view(request, model, null, null, null, message(e));
        }
        model.addAttribute("modelLoads", plan.loads());
        return TryPanel.act(plan.plan(), params, action, model, request, json,
                batches -> tries.runModel(title(pkg), loadIds(pkg), null, batches), tries::firstBadCell,
                TryModelPageController::message);
    }

    private static String title(PackageResponse pkg) {
        return "Package '" + pkg.name() + "'";
    }

    private List<Long> loadIds(PackageResponse pkg) {
        return loads.ofPackage(pkg.name()).stream().map(LoadResponse::id).toList();
    }

    /** A refusal in words, each field with its load where the field is one: "load_x has no DuckDB SQL: …". */
    private static String message(InvalidRequestException e) {
        return String.join("; ", e.errors().stream().map(p -> (p.field().startsWith("loads[") && p.value() != null
                ? p.value() : p.field().equals("loads") ? "" : p.field()) + (p.field().equals("loads") ? "" : " ")
                + p.message()).toList());
    }

    private static void describe(Model model, PackageResponse pkg) {
        model.addAttribute("title", "the model of " + pkg.name());
        model.addAttribute("backUrl", "/packages/" + pkg.page());
        model.addAttribute("tryUrl", "/packages/" + pkg.page() + "/try");
    }

    private String view(HttpServletRequest request, Model model, TryModelPlan plan, TryForm form, TryResult result,
                        String problem) {
        return TryPanel.view(request, model, json, plan == null ? null : plan.plan(), form, result, problem);
    }
}
