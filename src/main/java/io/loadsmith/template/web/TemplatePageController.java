package io.loadsmith.template.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.template.TemplateService;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Htmx;
import io.loadsmith.web.Link;
import io.loadsmith.web.Removal;
import io.loadsmith.problem.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** A load template's FTL editor with typed parameters, and its preview (the list is {@link TemplateListPageController}). */
@Controller
@RequestMapping("/configuration/templates")
record TemplatePageController(TemplateService templates, TemplateLookup lookup, DialectRegistry dialects,
                              TemplatePreviews previews) {

    @GetMapping("/new")
    public String newTemplate(@RequestParam(required = false) String from, Model model) {
        if (from == null) {
            model.addAttribute("form", TemplateForm.empty());
            return previews.editor(null, model, FormErrors.NONE, null, null);
        }
        TemplateForm copy = lookup.find(from).map(TemplateForm::copyOf).orElseThrow(() -> NotFoundException.name("Template", from));
        model.addAttribute("form", copy);
        // A copy is previewed as it stands in the editor from the start.
        return previews.draft(null, copy, null, null, model);
    }

    @PostMapping
    public String create(@ModelAttribute("form") TemplateForm form, BindingResult binding,
                         @RequestParam(defaultValue = "save") String action, @RequestParam(required = false) Long load,
                         @RequestParam(required = false) String dialect, Model model,
                         HttpServletRequest request, HttpServletResponse response) {
        if (!"save".equals(action)) {
            return unsaved(null, form, action, load, dialect, model, request);
        }
        return FormErrors.save(() -> templates.create(RequestChecks.valid(form.toRequest())),
                refused -> editorView(request, previews.editor(null, model, refused, null, null)),
                created -> "/configuration/templates/" + created.id() + "?saved", request, response);
    }

    @GetMapping("/{id}")
    public String show(@PathVariable long id, @RequestParam(required = false) Long load,
                       @RequestParam(required = false) String dialect, @RequestParam(required = false) String saved,
                       Model model) {
        model.addAttribute("form", TemplateForm.of(templates.get(id)));
        model.addAttribute("saved", saved == null ? null : "Saved.");
        return previews.editor(id, model, FormErrors.NONE, load, dialect);
    }

    /** {@code action}: save, add-parameter, remove-parameter-N, add-variant, remove-variant-N. */
    @PostMapping("/{id}")
    public String edit(@PathVariable long id, @ModelAttribute("form") TemplateForm form, BindingResult binding,
                       @RequestParam(defaultValue = "save") String action, @RequestParam(required = false) Long load,
                       @RequestParam(required = false) String dialect, Model model,
                       HttpServletRequest request, HttpServletResponse response) {
        templates.get(id);
        if (!"save".equals(action)) {
            return unsaved(id, form, action, load, dialect, model, request);
        }
        FormErrors refused = FormErrors.attempt(() -> templates.update(id, RequestChecks.valid(form.toRequest())));
        if (refused.any()) {
            return editorView(request, previews.editor(id, model, refused, null, null));
        }
        if (Htmx.isHtmx(request)) {
            model.addAttribute("form", TemplateForm.of(templates.get(id)));
            model.addAttribute("saved", "Saved.");
            return editorView(request, previews.editor(id, model, FormErrors.NONE, null, null));
        }
        return "redirect:/configuration/templates/" + id + "?saved";
    }

    /** Preview and the parameter / variant buttons work alike on a new and a stored template: nothing is saved. */
    private String unsaved(Long id, TemplateForm form, String action, Long load, String dialect, Model model,
                           HttpServletRequest request) {
        if ("preview".equals(action)) {
            return previewView(request, previews.draft(id, form, load, dialect, model));
        }
        model.addAttribute("form", form.rearranged(action));
        model.addAttribute("unsaved", true);
        return editorView(request, previews.editor(id, model, FormErrors.NONE, null, null));
    }

    private static String editorView(HttpServletRequest request, String view) {
        return Htmx.view(request, view, "editor");
    }

    /** The live preview targets the preview pane alone; "Preview this text" (or no JavaScript) gets the editor. */
    private static String previewView(HttpServletRequest request, String view) {
        return Htmx.view(request, view, "preview".equals(request.getHeader("HX-Target")) ? "preview" : "editor");
    }

    /** The preview pane alone: the saved template rendered within a load the user picks, for a dialect. */
    @GetMapping("/{id}/preview")
    public String preview(@PathVariable long id, @RequestParam(required = false) Long load,
                          @RequestParam(required = false) String dialect, Model model, HttpServletRequest request) {
        if (!Htmx.isHtmx(request)) {
            return Link.to("/configuration/templates/{id}", id)
                    .param("dialect", dialects.choose(dialect)).param("load", load).redirect();
        }
        model.addAttribute("templateId", id);
        previews.choose(model, templates.get(id).name(), load, dialect, true);
        return "configuration/template :: preview";
    }

    @GetMapping("/{id}/delete")
    public String confirmDelete(@PathVariable long id, Model model) {
        return Removal.confirm(model, "template " + templates.get(id).name(), null,
                "/configuration/templates/" + id + "/delete", "/configuration/templates/" + id);
    }

    @PostMapping("/{id}/delete")
    public String delete(@PathVariable long id, HttpServletRequest request, HttpServletResponse response) {
        return Removal.perform(() -> templates.delete(id), "/configuration/templates", request, response);
    }
}
