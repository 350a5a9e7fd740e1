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
        model.addAttribute("form", from == null ? TemplateForm.empty()
                : lookup.find(from).map(TemplateForm::copyOf).orElseThrow(() -> NotFoundException.name("Template", from)));
        return editor(null, model, FormErrors.NONE, null, null);
    }

    @PostMapping
    public String create(@ModelAttribute("form") TemplateForm form, BindingResult binding,
                         @RequestParam(defaultValue = "save") String action, @RequestParam(required = false) Long load,
                         @RequestParam(required = false) String dialect, Model model,
                         HttpServletRequest request, HttpServletResponse response) {
        if ("preview".equals(action)) {
            return editorView(request, draftPreview(null, form, load, dialect, model));
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
            return editorView(request, draftPreview(id, form, load, dialect, model));
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

    /** The editor with its preview rendered from the text as typed, not as saved. */
    private String draftPreview(Long id, TemplateForm form, Long loadId, String dialect, Model model) {
        String view = editor(id, model, FormErrors.NONE, loadId, dialect);
        Preview saved = (Preview) model.getAttribute("preview");
        if (saved.loadId() == null) {
            return view;
        }
        try {
            TemplateRequest r = RequestChecks.valid(form.toRequest());
            List<ParameterDefinition> parameters = r.parameters().stream().map(p -> new ParameterDefinition(p.name(),
                    p.type() == null ? ParameterType.STRING : p.type(), p.required(), p.defaultValue(), p.description()))
                    .toList();
            model.addAttribute("preview", new Preview(saved.loadId(), saved.dialect(), drafts.generate(saved.loadId(),
                    saved.dialect(), r.name(), parameters, r.variants()).sql(), null, true));
        } catch (InvalidRequestException e) {
            model.addAttribute("errors", FormErrors.of(e));
            model.addAttribute("preview", new Preview(saved.loadId(), saved.dialect(), null,
                    "Correct the marked fields to preview the text.", true));
        } catch (GenerationException | NotFoundException e) {
            model.addAttribute("preview", new Preview(saved.loadId(), saved.dialect(), null, e.getMessage(), true));
        }
        return view;
    }

    private String editor(Long id, Model model, FormErrors errors, Long loadId, String dialect) {
        model.addAttribute("templateId", id);
        model.addAttribute("errors", errors);
        model.addAttribute("parameterTypes", ParameterType.values());
        previewModel(model, loadId, dialect);
        return "configuration/template";
    }

    private void previewModel(Model model, Long loadId, String dialect) {
        List<LoadResponse> all = loads.list(null);
        model.addAttribute("loads", all);
        model.addAttribute("dialects", dialects.names());
        Long chosen = loadId != null ? loadId : all.isEmpty() ? null : all.get(0).id();
        String chosenDialect = dialects.choose(dialect);
        if (chosen == null) {
            model.addAttribute("preview", new Preview(null, chosenDialect, null, "There is no load to render yet.", false));
            return;
        }
        try {
            model.addAttribute("preview", new Preview(chosen, chosenDialect,
                    loads.generate(chosen, chosenDialect, null).sql(), null, false));
        } catch (GenerationException | NotFoundException e) {
            model.addAttribute("preview", new Preview(chosen, chosenDialect, null, e.getMessage(), false));
        }
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
        previewModel(model, load, dialect);
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
