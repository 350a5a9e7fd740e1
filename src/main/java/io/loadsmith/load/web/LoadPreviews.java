package io.loadsmith.load.web;

import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.environment.EnvironmentResponse;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.GenerationException;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.load.LoadService;
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

    private final LoadService loads;
    private final EnvironmentService environments;
    private final DialectRegistry dialects;
    private final TemplateLookup templates;

    LoadPreviews(LoadService loads, EnvironmentService environments, DialectRegistry dialects, TemplateLookup templates) {
        this.loads = loads;
        this.environments = environments;
        this.dialects = dialects;
        this.templates = templates;
    }

    Preview saved(long id, String dialect, String environment) {
        return generated(dialect, environment, (chosen, env) -> loads.generate(id, chosen, env));
    }

    /** The form on screen, unsaved, generated; a form the service would refuse says so in the preview. */
    Preview draft(LoadForm form, String dialect, String environment, Model model) {
        return draft(form, null, dialect, environment, model);
    }

    /** As above, for a stored load: a form without the mapping editor is generated with the stored mappings. */
    Preview draft(LoadForm form, LoadResponse stored, String dialect, String environment, Model model) {
        model.addAttribute("draft", true);
        return generated(dialect, environment, (chosen, env) -> {
            LoadRequest draft = withMappings(form.toRequest(templates::find), stored);
            if (draft.target() == null || draft.target().isBlank()) {
                throw new NotFoundException("Choose a target entity to see the SQL.");
            }
            return loads.generateDraft(draft, chosen, env);
        });
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

    private Preview generated(String dialect, String environment, BiFunction<String, String, GeneratedLoad> generate) {
        String chosen = dialects.choose(dialect);
        environments.check(environment);
        String env = environment == null || environment.isBlank() ? null : environment;
        try {
            GeneratedLoad generated = generate.apply(chosen, env);
            return new Preview(chosen, env, generated == null ? null : generated.sql(), null, null, null, null, null);
        } catch (InvalidRequestException e) {
            return new Preview(chosen, env, null, FormErrors.of(e).problems().stream()
                    .reduce((a, b) -> a + "; " + b).orElse(e.getMessage()), null, null, null, null);
        } catch (GenerationException e) {
            GenerationException.Location at = e.location();
            return new Preview(chosen, env, null, e.getMessage(), at.stepNumber() == null ? null : at.stepNumber() - 1,
                    at.template(), at.line(), at.column());
        } catch (NotFoundException e) {
            return new Preview(chosen, env, null, e.getMessage(), null, null, null, null);
        }
    }
}
