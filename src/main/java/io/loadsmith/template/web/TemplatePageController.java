package io.loadsmith.template.web;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

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
import io.loadsmith.generation.GenerationException;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.load.DraftTemplatePreview;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.api.LoadResponse;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.StaleVersionException;
import io.loadsmith.template.TemplateService;
import io.loadsmith.template.api.TemplateRequest;
import io.loadsmith.template.api.TemplateResponse;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Htmx;
import io.loadsmith.web.Link;
import io.loadsmith.web.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Load templates: the list (stored and shipped), the FTL editor with typed parameters, and a preview. */
@Controller
@RequestMapping("/configuration/templates")
public class TemplatePageController {

    /** A row of the template list; {@code id} is null for a shipped template that no stored one shadows. */
    public record TemplateRow(Long id, String name, String origin, String description, List<String> parameters,
                              List<String> variants) {
    }

    /** The preview: a load generated for a dialect with the saved templates, or why it failed. */
    public record Preview(Long loadId, String dialect, String sql, String error, boolean draft) {
    }

    private final TemplateService templates;
    private final TemplateLookup lookup;
    private final LoadService loads;
    private final DialectRegistry dialects;
    private final DraftTemplatePreview drafts;

    public TemplatePageController(TemplateService templates, TemplateLookup lookup, LoadService loads,
                                  DialectRegistry dialects, DraftTemplatePreview drafts) {
        this.drafts = drafts;
        this.templates = templates;
        this.lookup = lookup;
        this.loads = loads;
        this.dialects = dialects;
    }

    @GetMapping
    public String list(Model model) {
        Map<String, Long> stored = templates.list(null).stream()
                .collect(Collectors.toMap(TemplateResponse::name, TemplateResponse::id));
        model.addAttribute("templates", lookup.all().stream().map(d -> new TemplateRow(stored.get(d.name()), d.name(),
                d.origin(), d.description(),
                d.parameters().stream().map(p -> p.name() + " " + p.type() + (p.required() ? " (required)" : "")).toList(),
                d.variants().keySet().stream().sorted().toList())).toList());
        return "configuration/templates";
    }

    @GetMapping("/new")
    public String newTemplate(@RequestParam(required = false) String from, Model model) {
        if (from == null) {
            model.addAttribute("form", TemplateForm.empty());
            return editor(null, model, FormErrors.NONE, null, null);
        }
        TemplateForm copy = lookup.find(from).map(TemplateForm::copyOf).orElseThrow(() -> NotFoundException.name("Template", from));
        model.addAttribute("form", copy);
        // A copy is previewed as it stands in the editor from the start.
        return draftPreview(null, copy, null, null, model);
    }

    @PostMapping
    public String create(@ModelAttribute("form") TemplateForm form, BindingResult binding,
                         @RequestParam(defaultValue = "save") String action, @RequestParam(required = false) Long load,
                         @RequestParam(required = false) String dialect, Model model,
                         HttpServletRequest request, HttpServletResponse response) {
        if ("preview".equals(action)) {
            return previewView(request, draftPreview(null, form, load, dialect, model));
        }
        if (!"save".equals(action)) {
            rearrange(form, action);
            model.addAttribute("unsaved", true);
            return editorView(request, editor(null, model, FormErrors.NONE, null, null));
        }
        try {
            TemplateResponse created = templates.create(RequestChecks.valid(form.toRequest()));
            return Htmx.redirect(request, response, "/configuration/templates/" + created.id() + "?saved");
        } catch (InvalidRequestException e) {
            return editorView(request, editor(null, model, FormErrors.of(e), null, null));
        } catch (ConflictException e) {
            return editorView(request, editor(null, model, FormErrors.message(e.getMessage()), null, null));
        }
    }

    @GetMapping("/{id}")
    public String show(@PathVariable long id, @RequestParam(required = false) Long load,
                       @RequestParam(required = false) String dialect, @RequestParam(required = false) String saved,
                       Model model) {
        model.addAttribute("form", TemplateForm.of(templates.get(id)));
        model.addAttribute("saved", saved == null ? null : "Saved.");
        return editor(id, model, FormErrors.NONE, load, dialect);
    }

    /** {@code action}: save, add-parameter, remove-parameter-N, add-variant, remove-variant-N. */
    @PostMapping("/{id}")
    public String edit(@PathVariable long id, @ModelAttribute("form") TemplateForm form, BindingResult binding,
                       @RequestParam(defaultValue = "save") String action, @RequestParam(required = false) Long load,
                       @RequestParam(required = false) String dialect, Model model,
                       HttpServletRequest request, HttpServletResponse response) {
        templates.get(id);
        if ("preview".equals(action)) {
            return previewView(request, draftPreview(id, form, load, dialect, model));
        }
        if (!"save".equals(action)) {
            rearrange(form, action);
            model.addAttribute("unsaved", true);
            return editorView(request, editor(id, model, FormErrors.NONE, null, null));
        }
        try {
            templates.update(id, RequestChecks.valid(form.toRequest()));
        } catch (InvalidRequestException e) {
            return editorView(request, editor(id, model, FormErrors.of(e), null, null));
        } catch (StaleVersionException e) {
            return editorView(request, editor(id, model, FormErrors.message(e.getMessage()
                    + " Your text is still in the form: copy what you need, then reload."), null, null));
        } catch (ConflictException e) {
            return editorView(request, editor(id, model, FormErrors.message(e.getMessage()), null, null));
        }
        if (Htmx.isHtmx(request)) {
            model.addAttribute("form", TemplateForm.of(templates.get(id)));
            model.addAttribute("saved", "Saved.");
            return editorView(request, editor(id, model, FormErrors.NONE, null, null));
        }
        return "redirect:/configuration/templates/" + id + "?saved";
    }

    private static String editorView(HttpServletRequest request, String view) {
        return Htmx.view(request, view, "editor");
    }

    /** The live preview targets the preview pane alone; "Preview this text" (or no JavaScript) gets the editor. */
    private static String previewView(HttpServletRequest request, String view) {
        return Htmx.view(request, view, "preview".equals(request.getHeader("HX-Target")) ? "preview" : "editor");
    }

    static void rearrange(TemplateForm form, String action) {
        switch (action) {
            case "add-parameter" -> form.getParameters().add(new TemplateForm.ParamRow());
            case "add-variant" -> form.getVariants().add(new TemplateForm.VariantRow());
            default -> {
                int dash = action.lastIndexOf('-');
                int index;
                try {
                    index = Integer.parseInt(action.substring(dash + 1));
                } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                    return;
                }
                List<?> rows = action.startsWith("remove-parameter-") ? form.getParameters()
                        : action.startsWith("remove-variant-") ? form.getVariants() : List.of();
                if (index >= 0 && index < rows.size()) {
                    rows.remove(index);
                }
            }
        }
    }

    /** The editor with its preview rendered from the text as typed, not as saved, for the dialect chosen. */
    private String draftPreview(Long id, TemplateForm form, Long loadId, String dialect, Model model) {
        model.addAttribute("templateId", id);
        model.addAttribute("errors", FormErrors.NONE);
        model.addAttribute("parameterTypes", ParameterType.values());
        Preview chosen = previewModel(model, form.getName(), loadId, dialect, false);
        if (chosen.loadId() == null) {
            return "configuration/template";
        }
        try {
            TemplateRequest r = RequestChecks.valid(form.toRequest());
            List<ParameterDefinition> parameters = r.parameters().stream().map(p -> new ParameterDefinition(p.name(),
                    p.type() == null ? ParameterType.STRING : p.type(), p.required(), p.defaultValue(), p.description()))
                    .toList();
            var generated = drafts.generate(chosen.loadId(), chosen.dialect(), r.name(), parameters, r.variants());
            model.addAttribute("preview", new Preview(chosen.loadId(), chosen.dialect(),
                    generated == null ? null : generated.sql(), null, true));
        } catch (InvalidRequestException e) {
            model.addAttribute("errors", FormErrors.of(e));
            model.addAttribute("preview", new Preview(chosen.loadId(), chosen.dialect(), null,
                    "Correct the marked fields to preview the text: " + String.join("; ", FormErrors.of(e).problems()), true));
        } catch (GenerationException | NotFoundException e) {
            model.addAttribute("preview", new Preview(chosen.loadId(), chosen.dialect(), null, e.getMessage(), true));
        }
        return "configuration/template";
    }

    private String editor(Long id, Model model, FormErrors errors, Long loadId, String dialect) {
        model.addAttribute("templateId", id);
        model.addAttribute("errors", errors);
        model.addAttribute("parameterTypes", ParameterType.values());
        TemplateForm form = (TemplateForm) model.getAttribute("form");
        previewModel(model, form == null ? null : form.getName(), loadId, dialect, true);
        return "configuration/template";
    }

    /**
     * The load picker offers the loads that call the template (all loads when none does yet); the
     * chosen load and dialect, rendered with the saved templates when {@code generate}.
     */
    private Preview previewModel(Model model, String templateName, Long loadId, String dialect, boolean generate) {
        List<LoadResponse> all = loads.list(null);
        List<LoadResponse> calling = templateName == null || templateName.isBlank() ? List.of()
                : all.stream().filter(l -> calls(l, templateName.strip())).toList();
        List<LoadResponse> offered = new java.util.ArrayList<>(calling.isEmpty() ? all : calling);
        if (loadId != null && offered.stream().noneMatch(l -> l.id() == loadId)) {
            offered.add(loads.get(loadId));
        }
        model.addAttribute("loads", offered);
        model.addAttribute("noCaller", calling.isEmpty() && templateName != null && !templateName.isBlank());
        model.addAttribute("dialects", dialects.names());
        Long chosen = loadId != null ? loadId : offered.isEmpty() ? null : offered.get(0).id();
        String chosenDialect = dialects.choose(dialect);
        Preview preview;
        if (chosen == null) {
            preview = new Preview(null, chosenDialect, null, "There is no load to render yet.", false);
        } else if (!generate) {
            preview = new Preview(chosen, chosenDialect, null, null, false);
        } else {
            try {
                preview = new Preview(chosen, chosenDialect, loads.generate(chosen, chosenDialect, null).sql(), null, false);
            } catch (GenerationException | NotFoundException e) {
                preview = new Preview(chosen, chosenDialect, null, e.getMessage(), false);
            }
        }
        model.addAttribute("preview", preview);
        return preview;
    }

    private static boolean calls(LoadResponse load, String template) {
        return load.steps().stream().anyMatch(s -> s.text() != null && (s.text().contains("<ftltemplate:" + template + ":")
                || s.text().contains("<ftltemplate:" + template + ">")));
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
        previewModel(model, templates.get(id).name(), load, dialect, true);
        return "configuration/template :: preview";
    }

    @GetMapping("/{id}/delete")
    public String confirmDelete(@PathVariable long id, Model model) {
        TemplateResponse t = templates.get(id);
        model.addAttribute("what", "template " + t.name());
        model.addAttribute("action", "/configuration/templates/" + id + "/delete");
        model.addAttribute("back", "/configuration/templates/" + id);
        return "confirm";
    }

    @PostMapping("/{id}/delete")
    public String delete(@PathVariable long id, HttpServletRequest request, HttpServletResponse response) {
        templates.delete(id);
        return Htmx.redirect(request, response, "/configuration/templates");
    }
}
