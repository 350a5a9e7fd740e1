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
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;

/**
 * The load page's preview pane: the saved load or the form on screen generated for a dialect and
 * environment, and a failure turned into where it happened, so the page shows it at the step.
 */
@Component
class LoadPreviews {

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

    GenerationPreview saved(long id, String dialect, String environment) {
        return GenerationPreview.of(id, generation.generate(new GenerationRequest.StoredLoad(id,
                GenerationRequest.choice(dialect), GenerationRequest.choice(environment))), false);
    }

    /** The form on screen, unsaved, generated; a form the service would refuse says so in the preview. */
    GenerationPreview draft(LoadForm form, String dialect, String environment, Model model) {
        return draft(form, null, dialect, environment, model);
    }

    /** As above, for a stored load: a form without the mapping editor is generated with the stored mappings. */
    GenerationPreview draft(LoadForm form, LoadResponse stored, String dialect, String environment, Model model) {
        model.addAttribute("draft", true);
        LoadRequest draft;
        try {
            draft = withMappings(form.toRequest(templates::find), stored);
        } catch (InvalidRequestException | NotFoundException notARequest) {
            return refused(notARequest, dialect, environment);
        }
        return draftOf(draft, dialect, environment);
    }

    /**
     * The preview while typing: switching the dialect of an unchanged form is the saved load's SQL,
     * and says so; else the form as it stands. The form becomes a request once here.
     */
    GenerationPreview live(LoadForm form, LoadResponse stored, String dialect, String environment, Model model) {
        LoadRequest typed;
        try {
            typed = form.toRequest(templates::find);
        } catch (InvalidRequestException | NotFoundException notARequest) {
            // Not a request yet: said in the pane, as the draft path says it (without converting the form again).
            model.addAttribute("draft", true);
            return refused(notARequest, dialect, environment);
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

    private GenerationPreview refused(RuntimeException notARequest, String dialect, String environment) {
        return GenerationPreview.of(null, generation.refused(GenerationRequest.choice(dialect),
                GenerationRequest.choice(environment), notARequest), true);
    }

    private GenerationPreview draftOf(LoadRequest draft, String dialect, String environment) {
        return GenerationPreview.of(null, generation.generate(new GenerationRequest.DraftLoad(draft,
                GenerationRequest.choice(dialect), GenerationRequest.choice(environment))), true);
    }

    /** The editor's mappings when the form carries them (the draft's), else the stored ones. */
    private static LoadRequest withMappings(LoadRequest r, LoadResponse stored) {
        return stored == null || r.mappings() != null ? r : new LoadRequest(r.version(), r.name(), r.target(), r.loadType(), r.description(),
                r.sources(), r.steps(), r.options(), stored.mappings());
    }

    /** The pane's model (the preview, the dialect and environment switchers) and the view to show. */
    String show(GenerationPreview preview, Model model, String view) {
        model.addAttribute("dialects", dialects.names());
        List<EnvironmentResponse> all = environments.list(null);
        model.addAttribute("environments", all.stream().map(EnvironmentResponse::name).toList());
        // What the environment switcher changes: each environment's variables, named under the switch.
        model.addAttribute("environmentVariables", all.stream().collect(Collectors.toMap(
                EnvironmentResponse::name, EnvironmentResponse::variables, (a, b) -> a)));
        model.addAttribute("preview", preview);
        return view;
    }

}
