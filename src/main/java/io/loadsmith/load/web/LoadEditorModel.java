package io.loadsmith.load.web;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.web.FormErrors;

/**
 * What the load page shows beside its form (targets, columns, templates, the preview) and the
 * commit of the load's package, so that LoadPageController only routes.
 */
@Component
class LoadEditorModel {

    private final EntityService entities;
    private final TemplateLookup templates;
    private final PackageCommits commits;
    private final LoadPreviews previews;
    private final LoadService loads;

    LoadEditorModel(EntityService entities, TemplateLookup templates, PackageCommits commits, LoadPreviews previews,
                    LoadService loads) {
        this.loads = loads;
        this.entities = entities;
        this.templates = templates;
        this.commits = commits;
        this.previews = previews;
    }

    /** A load goes with its target's package; null when the target is in none. */
    String packageOf(LoadResponse load) {
        return packageOf(load, entities.list(null));
    }

    private static String packageOf(LoadResponse load, List<EntityResponse> all) {
        return all.stream().filter(e -> e.qualifiedName().equalsIgnoreCase(load.target())).findFirst()
                .map(EntityResponse::packageName).orElse(null);
    }

    /** The version committed, or null with the reason in the model (the load is saved either way). */
    Integer commit(LoadResponse load, String message, Model model) {
        String pkg = packageOf(load);
        try {
            if (pkg == null) {
                throw new ConflictException("The target " + load.target() + " is in no package: choose one on its page.");
            }
            PackageCommits.Committed committed = commits.commit(pkg, message);
            model.addAttribute("committed", committed);
            return committed.number();
        } catch (InvalidRequestException e) {
            model.addAttribute("commitError", "Saved, not committed: the message " + FormErrors.of(e).at("message") + ".");
        } catch (ConflictException | NotFoundException e) {
            model.addAttribute("commitError", "Saved, not committed: " + e.getMessage());
        }
        model.addAttribute("commitMessage", message);
        return null;
    }

    /** The page (or its fragments) for the load with the saved load's preview. */
    String show(LoadResponse load, String dialect, String environment, Model model, FormErrors errors) {
        return show(load, previews.saved(load.id(), dialect, environment), model, errors);
    }

    String show(LoadResponse load, GenerationPreview preview, Model model, FormErrors errors) {
        model.addAttribute("load", load);
        model.addAttribute("loadId", load.id());
        model.addAttribute("errors", errors);
        if (model.getAttribute("saved") != null && preview.error() != null) {
            // A load may be saved half-done, but not under a green "Saved." while its SQL cannot be generated.
            model.addAttribute("saved", null);
            model.addAttribute("savedBroken", "Saved, but its SQL cannot be generated for " + preview.dialect()
                    + ": see Generation failed by the SQL.");
        }
        List<EntityResponse> all = entities.list(null);
        model.addAttribute("targets", all.stream().map(EntityResponse::qualifiedName).toList());
        model.addAttribute("loadPackage", packageOf(load, all));
        // Links to the entities the saved load writes and reads (by qualified name; a missing one is not linked).
        model.addAttribute("entityPages", all.stream().collect(Collectors.toMap(
                e -> e.qualifiedName().toLowerCase(Locale.ROOT), e -> "/entities/" + e.id(), (a, b) -> a)));
        LoadForm form = (LoadForm) model.getAttribute("form");
        model.addAttribute("columns", form == null ? List.of() : LoadForm.columnsOf(form, all));
        if (form != null && !form.mapping().isEdited()) {
            // First drawn (or after a save): the stored mappings over the saved target's attributes.
            form = form.withMapping(MappingEditor.of(load.mappings(), all.stream()
                    .filter(e -> e.qualifiedName().equalsIgnoreCase(load.target())).findFirst()));
            model.addAttribute("form", form);
        }
        if (form != null) {
            // What each mapping's source attributes field offers, by mapping position.
            model.addAttribute("mappingSourceAttributes", form.mapping().mappings().stream()
                    .map(m -> MappingEditor.attributesOf(m.source(), all)).toList());
        }
        // Each type's description as the editor shows it beside the choice: its first 110 characters or so.
        java.util.SortedMap<String, String> types = new java.util.TreeMap<>();
        loads.transformationTypes().forEach((type, description) -> types.put(type, MappingEditor.shortly(description)));
        model.addAttribute("transformationTypes", types);
        model.addAttribute("loadTypes", LoadType.values());
        model.addAttribute("stepTypes", StepType.values());
        List<TemplateDefinition> callable = templates.all();
        model.addAttribute("templates", callable);
        model.addAttribute("templateChoices", callable.stream().collect(Collectors.toMap(
                TemplateDefinition::name, TemplateChoice::of)));
        model.addAttribute("templateParams", callable.stream().collect(Collectors.toMap(
                TemplateDefinition::name, TemplateDefinition::parameters)));
        return previews.show(preview, model, "loads/detail");
    }
}
