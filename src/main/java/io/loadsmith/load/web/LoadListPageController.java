package io.loadsmith.load.web;

import java.util.List;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.InitBinder;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entity.web.LoadOffers;
import io.loadsmith.entity.web.PackageNames;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Htmx;
import io.loadsmith.problem.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** The list of loads (with the undo of a delete) and the new-load form, which can start from a preset. */
@Controller
@RequestMapping("/loads")
public class LoadListPageController {

    /** A row of the load list. */
    public record LoadRow(long id, String name, String target, int steps) {
    }

    private final LoadService loads;
    private final EntityService entities;
    private final TemplateLookup templates;
    private final PresetChoices presets;
    private final PackageNames packageNames;

    public LoadListPageController(LoadService loads, EntityService entities, TemplateLookup templates,
                                  PresetChoices presets, PackageNames packageNames) {
        this.loads = loads;
        this.entities = entities;
        this.templates = templates;
        this.presets = presets;
        this.packageNames = packageNames;
    }

    /** {@code package}: only the loads whose target is in that package (a load goes with its target). */
    @GetMapping
    public String list(@RequestParam(name = "package", required = false) String packageName,
                       @RequestParam(required = false) Long deleted, Model model, HttpServletRequest request) {
        List<EntityService.Deleted> trash = loads.deleted();
        model.addAttribute("deleted", trash);
        model.addAttribute("justDeleted", deleted == null ? null
                : trash.stream().filter(d -> d.id() == deleted).findFirst().orElse(null));
        PackageNames.Choice inPackage = packageNames.choice(packageName);
        model.addAttribute("packageFilter", inPackage);
        List<LoadResponse> shown = inPackage.unknown() != null ? List.of()
                : inPackage.chosen() != null ? loads.ofPackage(inPackage.chosen()) : loads.list(null);
        model.addAttribute("loads", shown.stream()
                .map(l -> new LoadRow(l.id(), l.name(), l.target(), l.steps().size())).toList());
        return Htmx.view(request, "loads/list", "results");
    }

    /**
     * The new-load form; {@code part=form} is the form alone, redrawn when the target changes so that
     * the presets its entity type offers (its default chosen) and a default name follow the target.
     */
    @GetMapping("/new")
    public String newLoad(@RequestParam(required = false) String target, @RequestParam(required = false) String name,
                          @RequestParam(required = false) String proposedName, @RequestParam(required = false) String part,
                          Model model, HttpServletRequest request) {
        // A name the user typed stays; the one proposed for the previous target follows the new one.
        boolean typed = name != null && !name.isBlank() && !name.equals(proposedName);
        model.addAttribute("form", LoadForm.start(target, typed ? name : defaultName(target)));
        List<PresetChoices.Choice> offered = presets.offered(target);
        String preset = offered.stream().filter(PresetChoices.Choice::preferred).findFirst()
                .or(() -> offered.stream().findFirst()).map(PresetChoices.Choice::name).orElse("");
        newPage(model, FormErrors.NONE, preset);
        return "form".equals(part) ? Htmx.view(request, "loads/new", "form") : "loads/new";
    }

    @PostMapping
    public String create(@ModelAttribute("form") LoadForm form, @RequestParam(required = false) String preset, Model model,
                         HttpServletRequest request, HttpServletResponse response) {
        try {
            LoadRequest r = RequestChecks.valid(form.toRequest(templates::find));
            long created = preset != null && !preset.isBlank()
                    ? presets.createLoad(r.name(), r.target(), r.description(), preset)
                    : loads.create(new LoadRequest(null, r.name(), r.target(), r.loadType(), r.description(), List.of(),
                            List.of(), null)).id();
            return Htmx.redirect(request, response, "/loads/" + created);
        } catch (InvalidRequestException e) {
            return newPage(model, FormErrors.of(e), preset);
        } catch (ConflictException e) {
            return newPage(model, FormErrors.message(e.getMessage()), preset);
        }
    }

    private String newPage(Model model, FormErrors errors, String preset) {
        LoadForm form = (LoadForm) model.getAttribute("form");
        model.addAttribute("errors", errors);
        model.addAttribute("targets", entities.list(null).stream().map(EntityResponse::qualifiedName).toList());
        model.addAttribute("presets", presets.offered(form == null ? null : form.target()));
        model.addAttribute("preset", preset == null ? "" : preset);
        model.addAttribute("proposedName", form == null ? null : defaultName(form.target()));
        return "loads/new";
    }

    /** The name a new entity's load gets ({@code load_} and the entity's name in lower case). */
    private static String defaultName(String target) {
        return target == null || target.isBlank() ? null : LoadOffers.loadName(target.substring(target.indexOf('.') + 1));
    }

    /** The form record is bound through its constructor alone: no field is set again on its (unmodifiable) maps and lists. */
    @InitBinder("form")
    void constructorOnly(WebDataBinder binder) {
        binder.setDeclarativeBinding(true);
    }
}
