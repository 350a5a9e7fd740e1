package io.loadsmith.entity.web;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
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

import io.loadsmith.entity.EntityDdlService;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.dialect.LogicalDatatypes;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.api.EntityRequest;
import io.loadsmith.entity.api.EntityResponse;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.api.DefaultAttributeResponse;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.api.AttributeTypeResponse;
import io.loadsmith.entitytype.api.EntityTypeResponse;
import io.loadsmith.generation.GenerationException;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.StaleVersionException;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Htmx;
import io.loadsmith.web.Link;
import io.loadsmith.web.Removal;
import io.loadsmith.web.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Entity list, creation by type, and the entity page with its attribute grid and DDL preview. */
@Controller
@RequestMapping("/entities")
public class EntityPageController {

    /** A row of the entity list. */
    public record EntityRow(long id, String qualifiedName, String logicalName, String entityType, String schema,
                            int attributes) {
    }

    /** The list's filter as the user gave it. */
    public record Filter(String name, String type, String schema) {
    }

    /** The DDL preview: the SQL, or why there is none. */
    public record DdlView(String dialect, String sql, String error) {
    }

    private final EntityService entities;
    private final EntityTypeService entityTypes;
    private final AttributeTypeService attributeTypes;
    private final LogicalDatatypes datatypes;
    private final DialectRegistry dialects;
    private final EntityDdlService ddl;
    private final DefaultAttributeService defaultAttributes;
    private final RelatedLoads loads;
    private final io.loadsmith.packageregistry.MetadataPackageService packages;
    private final LoadOffers loadOffers;

    /** A default attribute that an entity of the chosen type will get. */
    public record TypeDefault(String nameTemplate, String datatype, String attributeType) {
    }

    public EntityPageController(EntityService entities, EntityTypeService entityTypes, AttributeTypeService attributeTypes,
                                LogicalDatatypes datatypes, DialectRegistry dialects, EntityDdlService ddl,
                                DefaultAttributeService defaultAttributes, RelatedLoads loads,
                                io.loadsmith.packageregistry.MetadataPackageService packages, LoadOffers loadOffers) {
        this.loadOffers = loadOffers;
        this.packages = packages;
        this.defaultAttributes = defaultAttributes;
        this.loads = loads;
        this.entities = entities;
        this.entityTypes = entityTypes;
        this.attributeTypes = attributeTypes;
        this.datatypes = datatypes;
        this.dialects = dialects;
        this.ddl = ddl;
    }

    @GetMapping
    public String list(@RequestParam(required = false) String name, @RequestParam(required = false) String type,
                       @RequestParam(required = false) String schema, @RequestParam(required = false) Long deleted,
                       Model model, HttpServletRequest request) {
        List<EntityService.Deleted> trash = entities.deleted();
        model.addAttribute("deleted", trash);
        model.addAttribute("justDeleted", deleted == null ? null
                : trash.stream().filter(d -> d.id() == deleted).findFirst().orElse(null));
        model.addAttribute("filter", new Filter(name, type, schema));
        model.addAttribute("types", entityTypes.list(null).stream().map(EntityTypeResponse::name).toList());
        model.addAttribute("entities", entities.filter(name, type, schema).stream()
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
        EntityForm form = new EntityForm();
        form.setEntityType(entityType);
        if (packageName != null && !packageName.isBlank()) {
            if (!packageNames().contains(packageName)) {
                throw io.loadsmith.problem.NotFoundException.name("Package", packageName);
            }
            form.setPackageName(packageName);
        }
        model.addAttribute("form", form);
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
        try {
            EntityRequest r = RequestChecks.valid(form.toRequest());
            EntityResponse created = entities.create(new EntityRequest(null, r.logicalName(), r.name(), r.schema(),
                    r.entityType(), r.physicalType(), r.packageName(), r.description(), r.fullRefreshPolicy(), List.of()));
            return Htmx.redirect(request, response, withLoad(created, form.getLoadPreset()));
        } catch (InvalidRequestException e) {
            return newPage(model, FormErrors.of(e));
        } catch (ConflictException e) {
            return newPage(model, FormErrors.message(e.getMessage()));
        }
    }

    /**
     * Where a new entity lands: its load, when the form asked for one from a preset; else its own page,
     * also when the load is refused (the entity stays; its page offers a new load).
     */
    private String withLoad(EntityResponse created, String preset) {
        if (preset == null || preset.isBlank()) {
            return "/entities/" + created.id();
        }
        try {
            return "/loads/" + loadOffers.createLoad(created.qualifiedName(), LoadOffers.loadName(created.name()), preset.strip());
        } catch (InvalidRequestException | ConflictException e) {
            return Link.to("/entities/{id}", created.id()).flag("noLoad").toString();
        }
    }

    private String newPage(Model model, FormErrors errors) {
        model.addAttribute("errors", errors);
        List<EntityTypeResponse> types = entityTypes.list(null);
        model.addAttribute("types", types);
        String chosen = ((EntityForm) model.getAttribute("form")).getEntityType();
        Map<String, DefaultAttributeResponse> byCode = defaultAttributes.list(null).stream()
                .collect(Collectors.toMap(DefaultAttributeResponse::code, Function.identity()));
        model.addAttribute("typeDefaults", types.stream().filter(t -> t.name().equals(chosen)).findFirst()
                .map(t -> t.defaultAttributes().stream().map(ref -> byCode.get(ref.defaultAttribute()))
                        .filter(java.util.Objects::nonNull)
                        .map(d -> new TypeDefault(d.nameTemplate(), d.datatype()
                                + (d.dataLength() == null ? "" : "(" + d.dataLength() + ")"), d.attributeType()))
                        .toList())
                .orElse(List.of()));
        model.addAttribute("physicalTypes", PhysicalType.values());
        model.addAttribute("packageNames", packageNames());
        model.addAttribute("offeredPreset", loadOffers.defaultPreset(chosen).orElse(null));
        return "entities/new";
    }

    private List<String> packageNames() {
        return packages.list(null).stream().map(io.loadsmith.packageregistry.api.PackageResponse::name).toList();
    }

    @GetMapping("/{id}")
    public String show(@PathVariable long id, @RequestParam(required = false) String dialect,
                       @RequestParam(required = false) String saved, @RequestParam(required = false) String noLoad,
                       Model model) {
        EntityResponse entity = entities.get(id);
        model.addAttribute("form", EntityForm.of(entity));
        model.addAttribute("saved", saved == null ? null : "Saved.");
        model.addAttribute("noLoad", noLoad != null);
        return detail(id, entity, dialect, model, FormErrors.NONE);
    }

    /**
     * One POST for everything the grid does. {@code action} is {@code save}, {@code add},
     * {@code remove-N}, {@code up-N} or {@code down-N}: only save stores anything; the others
     * change the form the user is editing and show it again, unsaved.
     */
    @PostMapping("/{id}")
    public String edit(@PathVariable long id, @ModelAttribute("form") EntityForm form, BindingResult binding,
                       @RequestParam(defaultValue = "save") String action, Model model,
                       HttpServletRequest request, HttpServletResponse response) {
        EntityResponse stored = entities.get(id);
        List<EntityForm.AttributeRow> rows = form.getAttributes();
        if (!"save".equals(action)) {
            rearrange(rows, action);
            model.addAttribute("saved", null);
            model.addAttribute("unsaved", true);
            return editorView(request, detail(id, stored, null, model, FormErrors.NONE));
        }
        if (binding.hasErrors()) {
            return editorView(request, detail(id, stored, null, model, FormErrors.of(binding)));
        }
        try {
            entities.update(id, RequestChecks.valid(form.toRequest()));
        } catch (InvalidRequestException e) {
            return editorView(request, detail(id, stored, null, model, FormErrors.of(e)));
        } catch (StaleVersionException e) {
            return editorView(request, detail(id, stored, null, model, FormErrors.message(e.getMessage()
                    + " Your text is still in the form: copy what you need, then reload.")));
        } catch (ConflictException e) {
            return editorView(request, detail(id, stored, null, model, FormErrors.message(e.getMessage())));
        }
        if (Htmx.isHtmx(request)) {
            EntityResponse fresh = entities.get(id);
            model.addAttribute("form", EntityForm.of(fresh));
            model.addAttribute("saved", "Saved.");
            return editorView(request, detail(id, fresh, null, model, FormErrors.NONE));
        }
        return "redirect:/entities/" + id + "?saved";
    }

    private static String editorView(HttpServletRequest request, String view) {
        return Htmx.view(request, view, "editor");
    }

    static void rearrange(List<EntityForm.AttributeRow> rows, String action) {
        if ("add".equals(action)) {
            rows.add(new EntityForm.AttributeRow());
            return;
        }
        io.loadsmith.web.FormRows.move(rows, action);
    }

    private String detail(long id, EntityResponse entity, String dialect, Model model, FormErrors errors) {
        model.addAttribute("entity", entity);
        model.addAttribute("errors", errors);
        model.addAttribute("types", entityTypes.list(null).stream().map(EntityTypeResponse::name).toList());
        model.addAttribute("attributeTypes", attributeTypes.list(null).stream().map(AttributeTypeResponse::name).toList());
        model.addAttribute("datatypes", datatypes.names().stream().sorted().toList());
        model.addAttribute("physicalTypes", PhysicalType.values());
        model.addAttribute("dialects", dialects.names());
        model.addAttribute("packageNames", packageNames());
        model.addAttribute("ddl", ddlView(id, dialect));
        String name = entity.qualifiedName();
        model.addAttribute("writtenBy", loads.writing(name));
        model.addAttribute("readBy", loads.reading(name));
        return "entities/detail";
    }

    @GetMapping("/{id}/ddl")
    public String ddl(@PathVariable long id, @RequestParam(required = false) String dialect, Model model,
                      HttpServletRequest request) {
        if (!Htmx.isHtmx(request)) {
            dialects.check(dialect);
            return Link.to("/entities/{id}", id).param("dialect", dialect).redirect();
        }
        model.addAttribute("entity", entities.get(id));
        model.addAttribute("dialects", dialects.names());
        model.addAttribute("packageNames", packageNames());
        model.addAttribute("ddl", ddlView(id, dialect));
        return "entities/detail :: ddl";
    }

    private DdlView ddlView(long id, String dialect) {
        String chosen = dialects.choose(dialect);
        try {
            return new DdlView(chosen, ddl.createTable(id, chosen), null);
        } catch (GenerationException e) {
            return new DdlView(chosen, null, e.getMessage());
        }
    }

    /** Without JavaScript, deleting asks on a page of its own. */
    @GetMapping("/{id}/delete")
    public String confirmDelete(@PathVariable long id, Model model) {
        return Removal.confirm(model, "entity " + entities.get(id).qualifiedName(),
                "You can restore it from the list of entities.", "/entities/" + id + "/delete", "/entities/" + id);
    }

    /** Soft delete: the list then offers Undo. */
    @PostMapping("/{id}/delete")
    public String delete(@PathVariable long id, HttpServletRequest request, HttpServletResponse response) {
        return Removal.perform(() -> entities.softDelete(id), "/entities?deleted=" + id, request, response);
    }

    @PostMapping("/{id}/restore")
    public String restore(@PathVariable long id, HttpServletRequest request, HttpServletResponse response) {
        return Removal.perform(() -> entities.restore(id), "/entities/" + id, request, response);
    }
}
