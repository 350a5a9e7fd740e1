package io.loadsmith.load.web;

import java.util.List;
import java.util.Objects;

import org.springframework.stereotype.Component;
import org.springframework.ui.Model;
import org.thymeleaf.ITemplateEngine;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.generation.StoreChanges;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.load.Generation;
import io.loadsmith.load.GenerationRequest;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.load.LoadAsStored;
import io.loadsmith.load.LoadModelAssembler;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;

/**
 * The load page's preview pane: the saved load or the form on screen generated for a dialect and
 * environment, and a failure turned into where it happened, so the page shows it at the step.
 */
@Component
class LoadPreviews {

    private final Generation generation;
    private final TemplateLookup templates;
    private final LoadModelAssembler assembler;
    private final LoadService loads;
    private final PreviewSwitchers switchers;

    LoadPreviews(Generation generation, EnvironmentService environments, DialectRegistry dialects,
                 TemplateLookup templates, LoadModelAssembler assembler, LoadService loads, ITemplateEngine engine,
                 StoreChanges changes) {
        this.generation = generation;
        this.switchers = new PreviewSwitchers(engine, dialects, environments, changes);
        this.assembler = assembler;
        this.loads = loads;
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
     * The preview while typing: the stored load is read once (by JDBC, one statement; not again until
     * a load or entity changes, ModelRevision), the form is
     * assembled beside it from that read, and a form as saved (the same fields and, each step as the
     * form writes it, the same load) shows the saved load's SQL and says so (switching the dialect of
     * an unchanged form); else the form's. A form that names an entity the stored load does not read
     * (a new target or source) is assembled from the store, with the stored mappings when it has none.
     */
    GenerationPreview live(long id, LoadForm form, String dialect, String environment, Model model) {
        LoadAsStored stored = storedOrNull(id);
        LoadModel typed;
        LoadRequest request;
        try {
            request = form.toRequest(templates::find);
            typed = stored == null ? null : assembler.beside(request, stored.model()).orElse(null);
        } catch (InvalidRequestException | NotFoundException notARequest) {
            // Not a request yet: said in the pane, as the draft path says it (without converting the form again).
            model.addAttribute("draft", true);
            return refused(notARequest, dialect, environment);
        }
        if (typed != null && asSaved(request, typed, stored)) {
            return GenerationPreview.of(id, generation.generate(new GenerationRequest.ReadLoad(stored.model(),
                    GenerationRequest.choice(dialect), GenerationRequest.choice(environment))), false);
        }
        model.addAttribute("draft", true);
        if (typed == null) {
            return draftOf(withMappings(request, loads.get(id)), dialect, environment);
        }
        return GenerationPreview.of(null, generation.generate(new GenerationRequest.ReadLoad(typed,
                GenerationRequest.choice(dialect), GenerationRequest.choice(environment))), true);
    }

    /**
     * The form is the stored load as its form shows it: the same version, type and description, and
     * the same model once each stored step is written as the form writes it (a template call with
     * every parameter, in the template's order).
     */
    private boolean asSaved(LoadRequest request, LoadModel typed, LoadAsStored stored) {
        LoadModel saved = stored.model();
        List<StepModel> asTheFormWritesThem = stored.steps().stream()
                .map(s -> new StepModel(s.name(), s.type(), LoadForm.StepRow.of(s).text(templates::find))).toList();
        return Objects.equals(request.version(), stored.version())
                && (request.loadType() == null ? LoadType.TRANSFORM_PERSIST : request.loadType()) == stored.loadType()
                && Objects.equals(request.description(), stored.description())
                && typed.equals(new LoadModel(saved.name(), saved.target(), saved.sources(), asTheFormWritesThem,
                        saved.options(), saved.mappings()));
    }

    /** A stored load that cannot be read as a model (a mapping reads a deleted entity) previews as the form does. */
    private LoadAsStored storedOrNull(long id) {
        try {
            return assembler.recentAsStored(id);
        } catch (ConflictException unreadable) {
            return null;
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
        model.addAttribute("switchers", switchers.of(preview.dialect(), preview.environment()));
        model.addAttribute("preview", preview);
        return view;
    }

}
