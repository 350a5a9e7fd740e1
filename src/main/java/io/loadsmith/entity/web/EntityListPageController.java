package io.loadsmith.entity.web;

import java.util.List;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.EntityTypeResponse;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Htmx;
import io.loadsmith.web.Link;
import io.loadsmith.problem.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** The entity list (filtered, with the undo of a delete) and creation by type, optionally with a load from a preset. */
@Controller
@RequestMapping("/entities")
record EntityListPageController(EntityService entities, EntityTypeService entityTypes, TypeDefaults typeDefaults,
                                PackageNames packageNames, LoadOffers loadOffers) {

    /** A row of the entity list. */
    public record EntityRow(long id, String qualifiedName, String logicalName, String entityType, String schema,
                            int attributes) {
    }

    /** An entity the new one can copy its business columns from, with those columns named. */
    public record SourceChoice(String qualifiedName, String label) {

        static SourceChoice of(EntityResponse e) {
            List<String> columns = e.attributes().stream().filter(a -> a.attributeType() == null).map(AttributeJson::name).toList();
            String named = columns.size() <= 6 ? String.join(", ", columns)
                    : String.join(", ", columns.subList(0, 6)) + " and " + (columns.size() - 6) + " more";
            return new SourceChoice(e.qualifiedName(), columns.isEmpty() ? e.qualifiedName() + " (no business column)"
                    : e.qualifiedName() + " (" + named + ")");
        }
    }

    /** The list's filter as the user gave it. */
    public record Filter(String name, String type, String schema) {
    }

    @GetMapping
    public String list(@RequestParam(required = false) String name, @RequestParam(required = false) String type,
                       @RequestParam(required = false) String schema,
                       @RequestParam(name = "package", required = false) String packageName,
                       @RequestParam(required = false) Long deleted, Model model, HttpServletRequest request) {
        List<EntityService.Deleted> trash = entities.deleted();
        model.addAttribute("deleted", trash);
        model.addAttribute("justDeleted", deleted == null ? null
                : trash.stream().filter(d -> d.id() == deleted).findFirst().orElse(null));
        model.addAttribute("filter", new Filter(name, type, schema));
        model.addAttribute("types", entityTypes.list(null).stream().map(EntityTypeResponse::name).toList());
        PackageNames.Choice inPackage = packageNames.choice(packageName);
        model.addAttribute("packageFilter", inPackage);
        // An unknown package matches nothing; the list says why rather than "no entity matches".
        model.addAttribute("entities", inPackage.unknown() != null ? List.of()
                : entities.filter(name, type, schema, inPackage.chosen()).stream()
                .map(e -> new EntityRow(e.id(), e.qualifiedName(), e.logicalName(), e.entityType(), e.schema(),
                        e.attributes().size()))
                .toList());
        return Htmx.view(request, "entities/list", "results");
    }

    /** With htmx and a chosen type, only the list of default attributes the new entity will get. */
    @GetMapping("/new")
    public String newEntity(@RequestParam(required = false) String entityType,
                            @RequestParam(name = "package", required = false) String packageName,
                            @RequestParam(required = false) String part,
                            Model model, HttpServletRequest request) {
        model.addAttribute("form", EntityForm.start(entityType,
                packageName == null || packageName.isBlank() ? null : packageNames.existing(packageName)));
        String view = newPage(model, FormErrors.NONE);
        // part=form: the whole form, which the package page shows in place (the type's defaults stay its fragment).
        return Htmx.view(request, view, "form".equals(part) ? "form" : "defaults");
    }

    /** Creates by type: the type names the entity and gives it its default attributes at once. */
    @PostMapping
    public String create(@ModelAttribute("form") EntityForm form, BindingResult binding, Model model,
                         HttpServletRequest request, HttpServletResponse response) {
        if (binding.hasErrors()) {
            return newPage(model, FormErrors.of(binding));
        }
        EntityResponse[] created = new EntityResponse[1];
        String source = EntityForm.blank(form.source());
        FormErrors refused = FormErrors.attempt(() -> {
            EntityRequest r = RequestChecks.valid(form.toRequest());
            created[0] = entities.create(new EntityRequest(null, r.logicalName(), r.name(), r.schema(),
                    r.entityType(), r.physicalType(), r.packageName(), r.description(), r.fullRefreshPolicy(),
                    businessColumnsOf(source)));
        });
        return refused.any() ? newPage(model, refused)
                : Htmx.redirect(request, response, withLoad(created[0], form.loadPreset(), source));
    }

    /**
     * The attributes a new entity copies from its source: the source's own business columns (those
     * without an attribute type; the type's defaults give the technical ones), as the source has them.
     */
    private List<AttributeJson> businessColumnsOf(String source) {
        if (source == null) {
            return List.of();
        }
        return entities.get(entities.byQualifiedName("source", source).getId()).attributes().stream()
                .filter(a -> a.attributeType() == null)
                .map(a -> new AttributeJson(a.name(), a.datatype(), a.dataLength(), a.dataPrecision(), a.dataScale(),
                        a.nullable(), null, a.description(), null, a.caseSensitive()))
                .toList();
    }

    /**
     * Where a new entity lands: its load, when the form asked for one from a preset; else its own page,
     * also when the load is refused (the entity stays; its page offers a new load).
     */
    private String withLoad(EntityResponse created, String preset, String source) {
        if (preset == null || preset.isBlank()) {
            return "/entities/" + created.id();
        }
        try {
            return "/loads/" + loadOffers.createLoad(created.qualifiedName(), LoadOffers.loadName(created.name()),
                    preset.strip(), source == null ? List.of() : List.of(source));
        } catch (InvalidRequestException | ConflictException e) {
            return Link.to("/entities/{id}", created.id()).flag("noLoad").toString();
        }
    }

    private String newPage(Model model, FormErrors errors) {
        model.addAttribute("errors", errors);
        List<EntityTypeResponse> types = entityTypes.list(null);
        model.addAttribute("types", types);
        String chosen = ((EntityForm) model.getAttribute("form")).entityType();
        model.addAttribute("typeDefaults", typeDefaults.of(types, chosen));
        model.addAttribute("physicalTypes", PhysicalType.values());
        model.addAttribute("packageNames", packageNames.all());
        model.addAttribute("offeredPreset", loadOffers.defaultPreset(chosen).orElse(null));
        model.addAttribute("sources", entities.list(null).stream().map(SourceChoice::of)
                .sorted(java.util.Comparator.comparing(SourceChoice::qualifiedName)).toList());
        return "entities/new";
    }
}
