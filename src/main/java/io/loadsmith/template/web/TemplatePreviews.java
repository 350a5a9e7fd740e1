package io.loadsmith.template.web;

import java.util.ArrayList;
import java.util.List;

import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.GenerationException;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.load.DraftTemplatePreview;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.template.TemplateRequest;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.RequestChecks;

/**
 * The template editor's model: the form's rows rearranged, and the preview of the template within a
 * load the user picks, from the saved text or the text as typed. Kept out of the controller so it only routes.
 */
@Component
class TemplatePreviews {

    /** The preview: a load generated for a dialect with the saved templates, or why it failed. */
    public record Preview(Long loadId, String dialect, String sql, String error, boolean draft) {
    }

    private final LoadService loads;
    private final DialectRegistry dialects;
    private final DraftTemplatePreview drafts;

    TemplatePreviews(LoadService loads, DialectRegistry dialects, DraftTemplatePreview drafts) {
        this.loads = loads;
        this.dialects = dialects;
        this.drafts = drafts;
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
    String draft(Long id, TemplateForm form, Long loadId, String dialect, Model model) {
        model.addAttribute("templateId", id);
        model.addAttribute("errors", FormErrors.NONE);
        model.addAttribute("parameterTypes", ParameterType.values());
        Preview chosen = choose(model, form.getName(), loadId, dialect, false);
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

    String editor(Long id, Model model, FormErrors errors, Long loadId, String dialect) {
        model.addAttribute("templateId", id);
        model.addAttribute("errors", errors);
        model.addAttribute("parameterTypes", ParameterType.values());
        TemplateForm form = (TemplateForm) model.getAttribute("form");
        choose(model, form == null ? null : form.getName(), loadId, dialect, true);
        return "configuration/template";
    }

    /**
     * The load picker offers the loads that call the template (all loads when none does yet); the
     * chosen load and dialect, rendered with the saved templates when {@code generate}.
     */
    Preview choose(Model model, String templateName, Long loadId, String dialect, boolean generate) {
        List<LoadResponse> all = loads.list(null);
        List<LoadResponse> calling = templateName == null || templateName.isBlank() ? List.of()
                : all.stream().filter(l -> calls(l, templateName.strip())).toList();
        List<LoadResponse> offered = new ArrayList<>(calling.isEmpty() ? all : calling);
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
}
