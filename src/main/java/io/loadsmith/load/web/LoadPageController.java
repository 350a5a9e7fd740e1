package io.loadsmith.load.web;

import java.util.List;
import java.util.Locale;
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
import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.api.EntityResponse;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.environment.api.EnvironmentResponse;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.api.LoadResponse;
import io.loadsmith.names.Names;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Htmx;
import io.loadsmith.web.Link;
import io.loadsmith.web.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** The load page: its steps and the generated SQL beside them, save, and save and commit. */
@Controller
@RequestMapping("/loads")
public class LoadPageController {

    private final LoadService loads;
    private final EntityService entities;
    private final EnvironmentService environments;
    private final DialectRegistry dialects;
    private final TemplateLookup templates;
    private final PackageCommits commits;
    private final LoadPreviews previews;

    public LoadPageController(LoadService loads, EntityService entities, EnvironmentService environments,
                              DialectRegistry dialects, TemplateLookup templates, PackageCommits commits,
                              LoadPreviews previews) {
        this.commits = commits;
        this.previews = previews;
        this.loads = loads;
        this.entities = entities;
        this.environments = environments;
        this.dialects = dialects;
        this.templates = templates;
    }

    @GetMapping("/{id}")
    public String show(@PathVariable long id, @RequestParam(required = false) String dialect,
                       @RequestParam(required = false) String environment, @RequestParam(required = false) String saved,
                       @RequestParam(required = false) Integer committed, Model model) {
        LoadResponse load = loads.get(id);
        model.addAttribute("form", LoadForm.of(load));
        model.addAttribute("saved", saved == null ? null : "Saved.");
        if (committed != null) {
            String pkg = packageOf(load, entities.list(null));
            // Without htmx the redirect carries only the number; an odd package name has no page address by name.
            model.addAttribute("committed", new PackageCommits.Committed(
                    pkg != null && Names.isPackageName(pkg) ? pkg : null, committed));
            model.addAttribute("saved", "Saved and committed as version " + committed + ".");
        }
        return detail(load, dialect, environment, model, FormErrors.NONE);
    }

    /**
     * One POST for the whole editor. {@code action}: {@code save}, {@code add-sql}, {@code add-template},
     * {@code remove-N}, {@code up-N}, {@code down-N}, {@code refresh} (a template was chosen), {@code commit}
     * (save, then commit the package the target is in, with {@code commitMessage}). Only save and commit
     * store; the others show the changed form again, unsaved.
     */
    @PostMapping("/{id}")
    public String edit(@PathVariable long id, @ModelAttribute("form") LoadForm form, BindingResult binding,
                       @RequestParam(defaultValue = "save") String action, @RequestParam(required = false) String dialect,
                       @RequestParam(required = false) String environment,
                       @RequestParam(required = false) String commitMessage, Model model,
                       HttpServletRequest request, HttpServletResponse response) {
        dialects.check(dialect);
        environments.check(environment);
        LoadResponse stored = loads.get(id);
        if ("preview".equals(action)) {
            // The preview while typing: the form on screen generated as it stands, nothing stored.
            String view = detail(stored, previews.draft(form, dialect, environment, model), model, FormErrors.NONE);
            return Htmx.isHtmx(request) ? view + " :: preview" : view;
        }
        boolean commit = "commit".equals(action);
        if (!"save".equals(action) && !commit) {
            form.rearrange(action);
            model.addAttribute("unsaved", true);
            return editorView(request, detail(stored, previews.draft(form, dialect, environment, model), model, FormErrors.NONE));
        }
        if (binding.hasErrors()) {
            return editorView(request, detail(stored, previews.draft(form, dialect, environment, model), model, FormErrors.of(binding)));
        }
        FormErrors refused = FormErrors.attempt(() -> loads.update(id, RequestChecks.valid(form.toRequest(templates::find))));
        if (refused.any()) {
            return editorView(request, detail(stored, previews.draft(form, dialect, environment, model), model, refused));
        }
        LoadResponse fresh = loads.get(id);
        Integer committed = commit ? commitPackage(fresh, commitMessage, model) : null;
        if (Htmx.isHtmx(request) || commit && committed == null) {
            // A template call typed into an SQL step stays an SQL step on screen.
            model.addAttribute("form", LoadForm.of(fresh).keepKinds(form));
            model.addAttribute("saved", committed == null ? "Saved." : "Saved and committed as version " + committed + ".");
            return editorView(request, detail(fresh, dialect, environment, model, FormErrors.NONE));
        }
        return Link.to("/loads/{id}", id).flag("saved").param("committed", committed).param("dialect", dialect)
                .param("environment", environment).redirect();
    }

    /** The version committed, or null with the reason in the model (the load is saved either way). */
    private Integer commitPackage(LoadResponse load, String message, Model model) {
        String pkg = packageOf(load, entities.list(null));
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

    /** A load goes with its target's package. */
    private static String packageOf(LoadResponse load, List<EntityResponse> all) {
        return all.stream().filter(e -> e.qualifiedName().equalsIgnoreCase(load.target())).findFirst()
                .map(EntityResponse::packageName).orElse(null);
    }

    private static String editorView(HttpServletRequest request, String view) {
        return Htmx.view(request, view, "editor");
    }

    private String detail(LoadResponse load, String dialect, String environment, Model model, FormErrors errors) {
        return detail(load, previews.saved(load.id(), dialect, environment), model, errors);
    }

    private String detail(LoadResponse load, LoadPreviews.Preview preview, Model model, FormErrors errors) {
        model.addAttribute("load", load);
        model.addAttribute("errors", errors);
        List<EntityResponse> all = entities.list(null);
        model.addAttribute("targets", all.stream().map(EntityResponse::qualifiedName).toList());
        model.addAttribute("loadPackage", packageOf(load, all));
        // Links to the entities the saved load writes and reads (by qualified name; a missing one is not linked).
        model.addAttribute("entityPages", all.stream().collect(Collectors.toMap(
                e -> e.qualifiedName().toLowerCase(Locale.ROOT), e -> "/entities/" + e.id(), (a, b) -> a)));
        LoadForm form = (LoadForm) model.getAttribute("form");
        model.addAttribute("columns", form == null ? List.of() : LoadForm.columnsOf(form, all));
        model.addAttribute("loadTypes", LoadType.values());
        model.addAttribute("stepTypes", StepType.values());
        List<TemplateDefinition> callable = templates.all();
        model.addAttribute("templates", callable);
        model.addAttribute("templateParams", callable.stream().collect(Collectors.toMap(
                TemplateDefinition::name, TemplateDefinition::parameters)));
        return previews.show(preview, model, "loads/detail");
    }
}
