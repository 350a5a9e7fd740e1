package io.loadsmith.template.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.configuration.web.ConfigurationOverview;
import io.loadsmith.template.TransformationTypeService;
import io.loadsmith.template.TransformationTypeResponse;
import io.loadsmith.web.FormErrors;
import io.loadsmith.problem.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Adding and editing stored transformation types (their list is part of the configuration overview). */
@Controller
@RequestMapping("/configuration/transformation-types")
public record TransformationTypePageController(TransformationTypeService transformations,
                                               ConfigurationOverview overview) {

    @PostMapping
    public String add(@ModelAttribute("transformationForm") TransformationForms.TransformationForm form, Model model,
                      HttpServletRequest request, HttpServletResponse response) {
        return overview.add(model, "transformation", request, response,
                () -> transformations.create(RequestChecks.valid(form.toRequest())));
    }

    @GetMapping("/{id}")
    public String edit(@PathVariable long id, Model model) {
        model.addAttribute("transformationEditForm", TransformationForms.TransformationEditForm.of(transformations.get(id)));
        return page(id, model, FormErrors.NONE);
    }

    /** {@code action}: save, add-formula or remove-formula-N (the last two change only the form). */
    @PostMapping("/{id}")
    public String update(@PathVariable long id,
                         @ModelAttribute("transformationEditForm") TransformationForms.TransformationEditForm form,
                         @RequestParam(defaultValue = "save") String action, Model model,
                         HttpServletRequest request, HttpServletResponse response) {
        if ("add-formula".equals(action) || action.startsWith("remove-formula-")) {
            return page(id, model.addAttribute("transformationEditForm", form.rearranged(action)), FormErrors.NONE);
        }
        return overview.save(() -> transformations.update(id, RequestChecks.valid(form.toRequest())),
                refused -> page(id, model, refused), "transformation", request, response);
    }

    private String page(long id, Model model, FormErrors errors) {
        model.addAttribute("transformationId", id);
        model.addAttribute("errors", errors);
        // As stored (the page edits the stored formulas; the overview also counts the library's).
        TransformationTypeResponse stored = transformations.get(id);
        model.addAttribute("runtimeValue", TransformationTypeSection.runtimeValue(stored.name(), stored.formulas()));
        return "configuration/transformation-type";
    }
}
