package io.loadsmith.preset.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

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

import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.web.TemplateChoice;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.preset.LoadPresetService;
import io.loadsmith.preset.PresetResponse;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Removal;
import io.loadsmith.problem.RequestChecks;

/**
 * Load presets in the designer: the list, and one page per preset to read or (ADMIN) edit its
 * steps, load options and the entity types that offer it. A preset can start as a copy of a load.
 */
@Controller
@RequestMapping("/presets")
class PresetPageController {

    private static final String EDIT = "presets/edit";

    private final LoadPresetService presets;
    private final EntityTypeService entityTypes;
    private final MetadataPackageService packages;
    private final LoadService loads;
    private final TemplateLookup templates;

    public PresetPageController(LoadPresetService presets, EntityTypeService entityTypes,
                                MetadataPackageService packages, LoadService loads, TemplateLookup templates) {
        this.presets = presets;
        this.entityTypes = entityTypes;
        this.packages = packages;
        this.loads = loads;
        this.templates = templates;
    }

    @GetMapping
    public String list(@RequestParam(required = false) String deleted, Model model) {
        model.addAttribute("presets", presets.list(null));
        model.addAttribute("offeredTo", presets.offeredToTypesById());
        model.addAttribute("deleted", deleted);
        return "presets/list";
    }

    @GetMapping("/new")
    public String create(@RequestParam(required = false) Long fromLoad, Model model) {
        PresetForm form = fromLoad == null ? PresetForm.empty() : PresetForm.copyOf(loads.get(fromLoad));
        return page(model, null, form, null, FormErrors.NONE);
    }

    @GetMapping("/{id}")
    public String show(@PathVariable long id, @RequestParam(required = false) String saved, Model model) {
        PresetResponse preset = presets.get(id);
        return page(model, preset, PresetForm.of(preset, presets.offeredToTypes(id)), saved == null ? null : "Saved.",
                FormErrors.NONE);
    }

    /** {@code action}: {@code save}, or an editor action that changes only the form on screen (see PresetForm). */
    @PostMapping
    public String create(@ModelAttribute("form") PresetForm form, BindingResult binding,
                         @RequestParam(defaultValue = "save") String action, Model model) {
        return save(null, form, binding, action, model);
    }

    @PostMapping("/{id}")
    public String update(@PathVariable long id, @ModelAttribute("form") PresetForm form, BindingResult binding,
                         @RequestParam(defaultValue = "save") String action, Model model) {
        return save(id, form, binding, action, model);
    }

    /** Without JavaScript a delete is a page that asks first. */
    @GetMapping("/{id}/delete")
    public String confirmDelete(@PathVariable long id, Model model) {
        return Removal.confirm(model, "load preset " + presets.get(id).name(), "Loads made from it keep their steps.",
                "/presets/" + id + "/delete", "/presets/" + id);
    }

    @PostMapping("/{id}/delete")
    public String delete(@PathVariable long id) {
        String name = presets.get(id).name();
        presets.delete(id);
        return "redirect:/presets?deleted=" + URLEncoder.encode(name, StandardCharsets.UTF_8);
    }

    private String save(Long id, PresetForm form, BindingResult binding, String action, Model model) {
        PresetResponse current = id == null ? null : presets.get(id);
        if (!"save".equals(action)) {
            model.addAttribute("unsaved", true);
            return page(model, current, form.rearranged(action), null, FormErrors.NONE);
        }
        if (binding.hasErrors()) {
            return page(model, current, form, null, FormErrors.of(binding));
        }
        try {
            var request = RequestChecks.valid(form.toRequest(templates::find));
            String typeNames = LoadPresetService.typeNames(form.offeredToTypes());
            PresetResponse saved = id == null ? presets.create(request) : presets.update(id, request);
            presets.offerToTypes(saved.id(), typeNames);
            return "redirect:/presets/" + saved.id() + "?saved=1";
        } catch (InvalidRequestException e) {
            return page(model, current, form, null, FormErrors.of(e));
        } catch (io.loadsmith.problem.NameTakenException e) {
            return page(model, current, form, null, FormErrors.of(e));
        } catch (ConflictException e) {
            return page(model, current, form, null, FormErrors.message("Nothing was saved: " + e.getMessage()));
        }
    }

    private String page(Model model, PresetResponse preset, PresetForm form, String saved, FormErrors errors) {
        model.addAttribute("preset", preset);
        model.addAttribute("title", preset == null ? "New load preset" : "Load preset " + preset.name());
        model.addAttribute("form", form.withBlankUse());
        model.addAttribute("saved", saved);
        model.addAttribute("errors", errors);
        model.addAttribute("entityTypeNames", entityTypes.list(null).stream().map(t -> t.name()).toList());
        model.addAttribute("packageNames", packages.list(null).stream().map(p -> p.name()).toList());
        model.addAttribute("loadTypes", LoadType.values());
        model.addAttribute("stepTypes", StepType.values());
        // The load page's typed parameter form (steps :: params); a preset has no target, so no columns to pick.
        List<TemplateDefinition> callable = templates.all();
        model.addAttribute("templates", callable);
        model.addAttribute("templateChoices", callable.stream().collect(Collectors.toMap(TemplateDefinition::name,
                TemplateChoice::of)));
        model.addAttribute("templateParams", callable.stream().collect(Collectors.toMap(TemplateDefinition::name,
                TemplateDefinition::parameters)));
        model.addAttribute("columns", List.of());
        return EDIT;
    }

    /** The form record is bound through its constructor alone: no field is set again on its (unmodifiable) maps and lists. */
    @InitBinder("form")
    void constructorOnly(WebDataBinder binder) {
        binder.setDeclarativeBinding(true);
    }
}
