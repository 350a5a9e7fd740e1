package io.loadsmith.load.web;

import java.util.List;

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
import io.loadsmith.generation.GenerationException;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.api.LoadRequest;
import io.loadsmith.load.api.LoadResponse;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.StaleVersionException;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Htmx;
import io.loadsmith.web.Link;
import io.loadsmith.web.Removal;
import io.loadsmith.web.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** The load page: its steps, the generated SQL beside them, save and commit, delete and restore. */
@Controller
@RequestMapping("/loads")
public class LoadPageController {

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
    private final EntityService entities;
    private final EnvironmentService environments;
    private final DialectRegistry dialects;
    private final TemplateLookup templates;
    private final PackageCommits commits;

    public LoadPageController(LoadService loads, EntityService entities, EnvironmentService environments,
                              DialectRegistry dialects, TemplateLookup templates, PackageCommits commits) {
        this.commits = commits;
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
                    pkg != null && io.loadsmith.names.Names.isPackageName(pkg) ? pkg : null, committed));
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
            String view = detail(stored, draftPreview(form, dialect, environment, model), model, FormErrors.NONE);
            return Htmx.isHtmx(request) ? view + " :: preview" : view;
        }
        boolean commit = "commit".equals(action);
        if (!"save".equals(action) && !commit) {
            rearrange(form.getSteps(), action);
            model.addAttribute("unsaved", true);
            return editorView(request, detail(stored, draftPreview(form, dialect, environment, model), model, FormErrors.NONE));
        }
        if (binding.hasErrors()) {
            return editorView(request, detail(stored, draftPreview(form, dialect, environment, model), model, FormErrors.of(binding)));
        }
        try {
            loads.update(id, RequestChecks.valid(form.toRequest(templates::find)));
        } catch (InvalidRequestException e) {
            return editorView(request, detail(stored, draftPreview(form, dialect, environment, model), model, FormErrors.of(e)));
        } catch (StaleVersionException e) {
            return editorView(request, detail(stored, draftPreview(form, dialect, environment, model), model,
                    FormErrors.message(e.getMessage() + " Your text is still in the form: copy what you need, then reload.")));
        } catch (ConflictException e) {
            return editorView(request, detail(stored, draftPreview(form, dialect, environment, model), model,
                    FormErrors.message(e.getMessage())));
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

    static void rearrange(List<LoadForm.StepRow> steps, String action) {
        if ("refresh".equals(action)) {
            // A step whose template was just chosen is named after it, unless the user named it.
            steps.stream().filter(s -> (s.getName() == null || s.getName().isBlank())
                    && s.getTemplate() != null && !s.getTemplate().isBlank()).forEach(s -> s.setName(s.getTemplate()));
            return;
        }
        if (action.startsWith("add-")) {
            LoadForm.StepRow row = new LoadForm.StepRow();
            row.setType(StepType.OVERRIDE);
            row.setKind("add-template".equals(action) ? LoadForm.StepRow.TEMPLATE : LoadForm.StepRow.SQL);
            steps.add(row);
            return;
        }
        io.loadsmith.web.FormRows.move(steps, action);
    }

    private String detail(LoadResponse load, String dialect, String environment, Model model, FormErrors errors) {
        return detail(load, preview(load.id(), dialect, environment), model, errors);
    }

    private String detail(LoadResponse load, Preview preview, Model model, FormErrors errors) {
        model.addAttribute("load", load);
        model.addAttribute("errors", errors);
        List<EntityResponse> all = entities.list(null);
        model.addAttribute("targets", all.stream().map(EntityResponse::qualifiedName).toList());
        model.addAttribute("loadPackage", packageOf(load, all));
        // Links to the entities the saved load writes and reads (by qualified name; a missing one is not linked).
        model.addAttribute("entityPages", all.stream().collect(java.util.stream.Collectors.toMap(
                e -> e.qualifiedName().toLowerCase(java.util.Locale.ROOT), e -> "/entities/" + e.id(), (a, b) -> a)));
        LoadForm form = (LoadForm) model.getAttribute("form");
        model.addAttribute("columns", form == null ? List.of() : LoadForm.columnsOf(form, all));
        model.addAttribute("loadTypes", LoadType.values());
        model.addAttribute("stepTypes", StepType.values());
        List<TemplateDefinition> callable = templates.all();
        model.addAttribute("templates", callable);
        model.addAttribute("templateParams", callable.stream().collect(java.util.stream.Collectors.toMap(
                TemplateDefinition::name, TemplateDefinition::parameters)));
        return previewModel(preview, model, "loads/detail");
    }

    private String previewModel(Preview preview, Model model, String view) {
        model.addAttribute("dialects", dialects.names());
        List<EnvironmentResponse> all = environments.list(null);
        model.addAttribute("environments", all.stream().map(EnvironmentResponse::name).toList());
        // What the environment switcher changes: each environment's variables, named under the switch.
        model.addAttribute("environmentVariables", all.stream().collect(java.util.stream.Collectors.toMap(
                EnvironmentResponse::name, EnvironmentResponse::variables, (a, b) -> a)));
        model.addAttribute("preview", preview);
        return view;
    }

    /** The preview pane alone, for the dialect and environment switchers. */
    @GetMapping("/{id}/preview")
    public String preview(@PathVariable long id, @RequestParam(required = false) String dialect,
                          @RequestParam(required = false) String environment, Model model, HttpServletRequest request) {
        if (!Htmx.isHtmx(request)) {
            dialects.check(dialect);
            environments.check(environment);
            return Link.to("/loads/{id}", id).param("dialect", dialects.choose(dialect))
                    .param("environment", environment).redirect();
        }
        model.addAttribute("load", loads.get(id));
        return previewModel(preview(id, dialect, environment), model, "loads/detail :: preview");
    }

    private Preview preview(long id, String dialect, String environment) {
        return generated(dialect, environment, (chosen, env) -> loads.generate(id, chosen, env));
    }

    /** The form on screen, unsaved, generated; a form the service would refuse says so in the preview. */
    private Preview draftPreview(LoadForm form, String dialect, String environment, Model model) {
        model.addAttribute("draft", true);
        return generated(dialect, environment, (chosen, env) -> {
            LoadRequest draft = form.toRequest(templates::find);
            if (draft.target() == null || draft.target().isBlank()) {
                throw new NotFoundException("Choose a target entity to see the SQL.");
            }
            return loads.generateDraft(draft, chosen, env);
        });
    }

    private Preview generated(String dialect, String environment,
                              java.util.function.BiFunction<String, String, io.loadsmith.generation.GeneratedLoad> generate) {
        String chosen = dialects.choose(dialect);
        environments.check(environment);
        String env = environment == null || environment.isBlank() ? null : environment;
        try {
            io.loadsmith.generation.GeneratedLoad generated = generate.apply(chosen, env);
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

    @GetMapping("/{id}/delete")
    public String confirmDelete(@PathVariable long id, Model model) {
        return Removal.confirm(model, "load " + loads.get(id).name(), "You can restore it from the list of loads.",
                "/loads/" + id + "/delete", "/loads/" + id);
    }

    /** Soft delete: the list then offers Undo. */
    @PostMapping("/{id}/delete")
    public String delete(@PathVariable long id, HttpServletRequest request, HttpServletResponse response) {
        return Removal.perform(() -> loads.softDelete(id), "/loads?deleted=" + id, request, response);
    }

    @PostMapping("/{id}/restore")
    public String restore(@PathVariable long id, HttpServletRequest request, HttpServletResponse response) {
        return Removal.perform(() -> loads.restore(id), "/loads/" + id, request, response);
    }
}
