package io.loadsmith.template.web;

import java.util.ArrayList;
import java.util.List;

import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.load.Generation;
import io.loadsmith.load.GenerationRequest;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.load.GenerationResult;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.web.GenerationPreview;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.template.TemplateRequest;
import io.loadsmith.web.FormErrors;
import io.loadsmith.problem.RequestChecks;

/**
 * The template editor's model: the form's rows rearranged, and the preview of the template within a
 * load the user picks, from the saved text or the text as typed. Kept out of the controller so it only routes.
 */
@Component
record TemplatePreviews(LoadService loads, DialectRegistry dialects, Generation generation) {

    /** The editor with its preview rendered from the text as typed, not as saved, for the dialect chosen. */
    String draft(Long id, TemplateForm form, Long loadId, String dialect, Model model) {
        model.addAttribute("templateId", id);
        model.addAttribute("errors", FormErrors.NONE);
        model.addAttribute("parameterTypes", ParameterType.values());
        GenerationPreview chosen = choose(model, form.name(), loadId, dialect, false);
        if (chosen.loadId() == null) {
            return "configuration/template";
        }
        TemplateRequest r;
        try {
            r = RequestChecks.valid(form.toRequest());
        } catch (InvalidRequestException e) {
            refused(model, chosen, e.errors());
            return "configuration/template";
        }
        List<ParameterDefinition> parameters = r.parameters().stream().map(p -> new ParameterDefinition(p.name(),
                p.type() == null ? ParameterType.STRING : p.type(), p.required(), p.defaultValue(), p.description()))
                .toList();
        GenerationResult<GeneratedLoad> result = generation.generate(new GenerationRequest.DraftTemplate(chosen.loadId(),
                chosen.dialect(), r.name(), parameters, r.variants()));
        if (result.failed() && !result.problem().fields().isEmpty()) {
            refused(model, chosen, result.problem().fields());
        } else {
            model.addAttribute("preview", GenerationPreview.of(chosen.loadId(), result, true));
        }
        return "configuration/template";
    }

    /** Fields the draft cannot have: marked on the form, and the preview says to correct them. */
    private static void refused(Model model, GenerationPreview chosen, List<FieldProblem> problems) {
        FormErrors errors = FormErrors.of(problems);
        model.addAttribute("errors", errors);
        model.addAttribute("preview", GenerationPreview.without(chosen.loadId(), chosen.dialect(),
                "Correct the marked fields to preview the text: " + String.join("; ", errors.problems()), true));
    }

    String editor(Long id, Model model, FormErrors errors, Long loadId, String dialect) {
        model.addAttribute("templateId", id);
        model.addAttribute("errors", errors);
        model.addAttribute("parameterTypes", ParameterType.values());
        TemplateForm form = (TemplateForm) model.getAttribute("form");
        choose(model, form == null ? null : form.name(), loadId, dialect, true);
        return "configuration/template";
    }

    /**
     * The load picker offers the loads that call the template (all loads when none does yet); the
     * chosen load and dialect, rendered with the saved templates when {@code generate}.
     */
    GenerationPreview choose(Model model, String templateName, Long loadId, String dialect, boolean generate) {
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
        GenerationPreview preview;
        if (chosen == null) {
            preview = GenerationPreview.without(null, dialects.choose(dialect), "There is no load to render yet.", false);
        } else if (!generate) {
            preview = GenerationPreview.without(chosen, dialects.choose(dialect), null, false);
        } else {
            GenerationResult<GeneratedLoad> result = generation.generate(new GenerationRequest.StoredLoad(chosen,
                    GenerationRequest.choice(dialect), null));
            preview = GenerationPreview.of(chosen, result, false);
        }
        model.addAttribute("preview", preview);
        return preview;
    }

    private static boolean calls(LoadResponse load, String template) {
        return load.steps().stream().anyMatch(s -> s.text() != null && (s.text().contains("<ftltemplate:" + template + ":")
                || s.text().contains("<ftltemplate:" + template + ">")));
    }
}
