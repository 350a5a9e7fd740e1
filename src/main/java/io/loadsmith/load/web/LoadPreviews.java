package io.loadsmith.load.web;

import java.util.List;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.environment.EnvironmentResponse;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.load.Generation;
import io.loadsmith.load.GenerationRequest;
import io.loadsmith.load.GenerationResult;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.web.FormErrors;

/**
 * The load page's preview pane: the saved load or the form on screen generated for a dialect and
 * environment, and a failure turned into where it happened, so the page shows it at the step.
 */
@Component
class LoadPreviews {

    /**
     * The generated SQL for a dialect and environment, or where generation failed: {@code stepIndex}
     * (0-based) is the failing step, with template, line and column when known.
     */
    public record Preview(String dialect, String environment, String sql, String error, Integer stepIndex,
                          String template, Integer line, Integer column) {

        public boolean failedAt(int index) {
            return stepIndex != null && stepIndex == index;
        }
    }

    private final Generation generation;
    private final EnvironmentService environments;
    private final DialectRegistry dialects;
    private final TemplateLookup templates;

    LoadPreviews(Generation generation, EnvironmentService environments, DialectRegistry dialects,
                 TemplateLookup templates) {
        this.generation = generation;
        this.environments = environments;
        this.dialects = dialects;
        this.templates = templates;
    }

    Preview saved(long id, String dialect, String environment) {
        return preview(generation.generate(new GenerationRequest.StoredLoad(id, GenerationRequest.choice(dialect),
                GenerationRequest.choice(environment))));
    }

    /** The form on screen, unsaved, generated; a form the service would refuse says so in the preview. */
    Preview draft(LoadForm form, String dialect, String environment, Model model) {
        return draft(form, null, dialect, environment, model);
    }

    /** As above, for a stored load: a form without the mapping editor is generated with the stored mappings. */
    Preview draft(LoadForm form, LoadResponse stored, String dialect, String environment, Model model) {
        model.addAttribute("draft", true);
        String chosen = GenerationRequest.choice(dialect);
        String env = GenerationRequest.choice(environment);
        LoadRequest draft;
        try {
            draft = withMappings(form.toRequest(templates::find), stored);
        } catch (InvalidRequestException | NotFoundException notARequest) {
            return preview(generation.refused(chosen, env, notARequest));
        }
        return draftOf(draft, dialect, environment);
    }

    /**
     * The preview while typing: switching the dialect of an unchanged form is the saved load's SQL,
     * and says so; else the form as it stands. The form becomes a request once here.
     */
    Preview live(LoadForm form, LoadResponse stored, String dialect, String environment, Model model) {
        LoadRequest typed;
        try {
            typed = form.toRequest(templates::find);
        } catch (RuntimeException notARequest) {
            // Not a request yet: the draft path says why (or throws as it always has).
            return draft(form, stored, dialect, environment, model);
        }
        if (unchanged(typed, stored)) {
            return saved(stored.id(), dialect, environment);
        }
        model.addAttribute("draft", true);
        return draftOf(withMappings(typed, stored), dialect, environment);
    }

    private boolean unchanged(LoadRequest typed, LoadResponse stored) {
        try {
            if (typed.mappings() != null && typed.mappings().equals(stored.mappings())) {
                typed = new LoadRequest(typed.version(), typed.name(), typed.target(), typed.loadType(),
                        typed.description(), typed.sources(), typed.steps(), typed.options());
            }
            return LoadForm.of(stored).toRequest(templates::find).equals(typed);
        } catch (RuntimeException notARequest) {
            return false;
        }
    }

    private Preview draftOf(LoadRequest draft, String dialect, String environment) {
        return preview(generation.generate(new GenerationRequest.DraftLoad(draft, GenerationRequest.choice(dialect),
                GenerationRequest.choice(environment))));
    }

    /** The editor's mappings when the form carries them (the draft's), else the stored ones. */
    private static LoadRequest withMappings(LoadRequest r, LoadResponse stored) {
        return stored == null || r.mappings() != null ? r : new LoadRequest(r.version(), r.name(), r.target(), r.loadType(), r.description(),
                r.sources(), r.steps(), r.options(), stored.mappings());
    }

    /** The pane's model (the preview, the dialect and environment switchers) and the view to show. */
    String show(Preview preview, Model model, String view) {
        model.addAttribute("dialects", dialects.names());
        List<EnvironmentResponse> all = environments.list(null);
        model.addAttribute("environments", all.stream().map(EnvironmentResponse::name).toList());
        // What the environment switcher changes: each environment's variables, named under the switch.
        model.addAttribute("environmentVariables", all.stream().collect(Collectors.toMap(
                EnvironmentResponse::name, EnvironmentResponse::variables, (a, b) -> a)));
        model.addAttribute("preview", preview);
        return view;
    }

    /** A failure turned into where it happened; a refused draft shows its fields' problems, as the form would. */
    private static Preview preview(GenerationResult result) {
        GenerationResult.Problem problem = result.problem();
        if (problem == null) {
            return new Preview(result.dialect(), result.environment(), result.sql(), null, null, null, null, null);
        }
        String error = problem.fields().isEmpty() ? problem.message() : FormErrors.of(problem.fields()).problems()
                .stream().reduce((a, b) -> a + "; " + b).orElse(problem.message());
        return new Preview(result.dialect(), result.environment(), null, error, problem.stepIndex(), problem.template(),
                problem.line(), problem.column());
    }
}
