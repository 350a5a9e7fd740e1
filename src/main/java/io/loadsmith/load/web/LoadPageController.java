package io.loadsmith.load.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.InitBinder;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.names.Names;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.FormRows;
import io.loadsmith.web.Htmx;
import io.loadsmith.web.Link;
import io.loadsmith.problem.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** The load page: its steps and the generated SQL beside them, save, and save and commit. */
@Controller
@RequestMapping("/loads")
class LoadPageController {

    private final LoadService loads;
    private final EnvironmentService environments;
    private final DialectRegistry dialects;
    private final TemplateLookup templates;
    private final LoadPreviews previews;
    private final LoadEditorModel editor;
    private final MappingActions mappingActions;

    LoadPageController(LoadService loads, EnvironmentService environments, DialectRegistry dialects,
                       TemplateLookup templates, LoadPreviews previews, LoadEditorModel editor,
                       MappingActions mappingActions) {
        this.mappingActions = mappingActions;
        this.loads = loads;
        this.environments = environments;
        this.dialects = dialects;
        this.templates = templates;
        this.previews = previews;
        this.editor = editor;
    }

    @GetMapping("/{id}")
    public String show(@PathVariable long id, @RequestParam(required = false) String dialect,
                       @RequestParam(required = false) String environment, @RequestParam(required = false) String saved,
                       @RequestParam(required = false) Integer committed, Model model) {
        LoadResponse load = loads.get(id);
        model.addAttribute("form", LoadForm.of(load));
        model.addAttribute("saved", saved == null ? null : "Saved.");
        if (committed != null) {
            String pkg = editor.packageOf(load);
            // Without htmx the redirect carries only the number; an odd package name has no page address by name.
            model.addAttribute("committed", new PackageCommits.Committed(
                    pkg != null && Names.isPackageName(pkg) ? pkg : null, committed));
            model.addAttribute("saved", "Saved and committed as version " + committed + ".");
        }
        return editor.show(load, dialect, environment, model, FormErrors.NONE);
    }

    /**
     * One POST for the whole editor. {@code action}: {@code save}, {@code add-sql}, {@code add-template},
     * {@code remove-N}, {@code up-N}, {@code down-N}, {@code refresh} (a template was chosen), {@code commit}
     * (save, then commit the package the target is in, with {@code commitMessage}), and the mapping
     * editor's ({@link MappingActions}). Only save, commit and the mapping editor's confirmed Add to the
     * target store; the others show the changed form again, unsaved.
     */
    @PostMapping("/{id}")
    public String edit(@PathVariable long id, @ModelAttribute("form") LoadForm form, BindingResult binding,
                       @RequestParam(defaultValue = "save") String action, @RequestParam(required = false) String dialect,
                       @RequestParam(required = false) String environment,
                       @RequestParam(required = false) String commitMessage, Model model,
                       HttpServletRequest request, HttpServletResponse response) {
        if ("preview".equals(action)) {
            // The preview while typing: the form on screen generated as it stands, nothing stored.
            // The front door checks the dialect and environment; htmx swaps in the pane alone, so none
            // of the editor's lists (targets, columns, templates) is gathered for it, nor the stored
            // load read as the editor shows it.
            GenerationPreview preview = previews.live(id, form, dialect, environment, model);
            if (Htmx.isHtmx(request)) {
                model.addAttribute("loadId", id);
                return previews.show(preview, model, "loads/detail :: preview");
            }
            return editor.show(loads.get(id), preview, model, FormErrors.NONE);
        }
        dialects.check(dialect);
        environments.check(environment);
        LoadResponse stored = loads.get(id);
        boolean commit = "commit".equals(action);
        if (MappingActions.handles(action)) {
            LoadForm shown = mappingActions.apply(form, stored, action, model);
            model.addAttribute("form", shown);
            model.addAttribute("unsaved", true);
            model.addAttribute("focus", MappingActions.focusAfter(action));
            return editorView(request, editor.show(stored, previews.draft(shown, stored, dialect, environment, model), model, FormErrors.NONE));
        }
        if (!"save".equals(action) && !commit) {
            LoadForm shown = form.rearranged(action);
            model.addAttribute("form", shown);
            model.addAttribute("unsaved", true);
            model.addAttribute("focus", focusAfter(action, shown.steps().size()));
            return editorView(request, editor.show(stored, previews.draft(shown, stored, dialect, environment, model), model, FormErrors.NONE));
        }
        if (binding.hasErrors()) {
            return editorView(request, editor.show(stored, previews.draft(form, stored, dialect, environment, model), model, FormErrors.of(binding)));
        }
        FormErrors refused = FormErrors.attempt(() -> loads.update(id, RequestChecks.valid(form.toRequest(templates::find))));
        if (refused.any()) {
            return editorView(request, editor.show(stored, previews.draft(form, stored, dialect, environment, model), model, refused));
        }
        LoadResponse fresh = loads.get(id);
        Integer committed = commit ? editor.commit(fresh, commitMessage, model) : null;
        if (Htmx.isHtmx(request) || commit && committed == null) {
            // A template call typed into an SQL step stays an SQL step on screen.
            model.addAttribute("form", LoadForm.of(fresh).keepKinds(form));
            model.addAttribute("saved", committed == null ? "Saved." : "Saved and committed as version " + committed + ".");
            return editorView(request, editor.show(fresh, dialect, environment, model, FormErrors.NONE));
        }
        return Link.to("/loads/{id}", id).flag("saved").param("committed", committed).param("dialect", dialect)
                .param("environment", environment).redirect();
    }

    /**
     * The editor is drawn again after every row action, so the keyboard would drop to the page: a new
     * step's name takes it, a moved step keeps its button, a removed one hands it on (FormRows), to
     * Add SQL step when no step is left. htmx focuses the autofocus element it swaps in.
     */
    static String focusAfter(String action, int steps) {
        if (action.startsWith("add-")) {
            return "name-" + (steps - 1);
        }
        String row = FormRows.focusAfter(action, steps);
        return row == null && action.startsWith("remove-") ? "add" : row;
    }


    /** htmx gets the editor with the saved name as heading and title (a rename shows at once). */
    private static String editorView(HttpServletRequest request, String view) {
        return Htmx.view(request, view, "editorAndHeading");
    }

    /** The form record is bound through its constructor alone: no field is set again on its (unmodifiable) maps and lists. */
    @InitBinder("form")
    void constructorOnly(WebDataBinder binder) {
        binder.setDeclarativeBinding(true);
    }
}
