package io.loadsmith.entitytype.web;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.dialect.LogicalDatatypes;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DatatypeMappingService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.api.AttributeTypeRequest;
import io.loadsmith.entitytype.api.DatatypeMappingResponse;
import io.loadsmith.entitytype.api.DefaultAttributeResponse;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.template.TransformationTypeService;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Htmx;
import io.loadsmith.web.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The configuration overview: entity types with their default attributes in order, attribute types,
 * default attributes, datatype mappings per dialect and transformation types with their formulas.
 */
@Controller
@RequestMapping("/configuration")
public class ConfigurationPageController {

    /** A default attribute of an entity type, in the order new entities get it. */
    public record DefaultAttributeView(String code, String nameTemplate, String datatype, String attributeType) {
    }

    /** An entity type as the overview shows it. */
    public record EntityTypeView(long id, String name, String namePrefix, String nameSuffix, String defaultSchema,
                                 String physicalType, List<DefaultAttributeView> defaultAttributes, List<String> loadTypes) {
    }

    /**
     * A transformation type and its formula per dialect; {@code origin} is store or library;
     * {@code runtimeValue} what it renders as for a dialect without a formula (null: every dialect has one).
     */
    public record TransformationView(Long id, String name, String origin, Map<String, String> formulas,
                                     String runtimeValue) {
    }

    private final EntityTypeService entityTypes;
    private final AttributeTypeService attributeTypes;
    private final DefaultAttributeService defaultAttributes;
    private final DatatypeMappingService mappings;
    private final TransformationTypeService transformations;
    private final TemplateLookup templates;
    private final DialectRegistry dialects;
    private final LogicalDatatypes datatypes;

    public ConfigurationPageController(EntityTypeService entityTypes, AttributeTypeService attributeTypes,
                                       DefaultAttributeService defaultAttributes, DatatypeMappingService mappings,
                                       TransformationTypeService transformations, TemplateLookup templates,
                                       DialectRegistry dialects, LogicalDatatypes datatypes) {
        this.dialects = dialects;
        this.datatypes = datatypes;
        this.entityTypes = entityTypes;
        this.attributeTypes = attributeTypes;
        this.defaultAttributes = defaultAttributes;
        this.mappings = mappings;
        this.transformations = transformations;
        this.templates = templates;
    }

    /** Which "add" form failed, and how; the others show empty. */
    private static final String ERRORS = "Errors";

    @GetMapping
    public String overview(@RequestParam(required = false) String saved, Model model) {
        model.addAttribute("saved", saved == null ? null : "Saved.");
        return page(model);
    }

    /** Adds an attribute type; a rejected name stays in the field with the reason beside it. */
    @PostMapping("/attribute-types")
    public String addAttributeType(@RequestParam(required = false) String name,
                                   @RequestParam(required = false) String description, Model model,
                                   HttpServletRequest request, HttpServletResponse response) {
        model.addAttribute("attributeTypeName", name);
        return add(model, "attributeType", request, response, () -> attributeTypes.create(RequestChecks.valid(
                new AttributeTypeRequest(null, name == null ? null : name.strip(), null,
                        description == null || description.isBlank() ? null : description))));
    }

    @PostMapping("/default-attributes")
    public String addDefaultAttribute(@ModelAttribute("defaultAttributeForm") ConfigurationForms.DefaultAttributeForm form,
                                      BindingResult binding, Model model, HttpServletRequest request,
                                      HttpServletResponse response) {
        if (binding.hasErrors()) {
            model.addAttribute("defaultAttribute" + ERRORS, FormErrors.of(binding));
            return page(model);
        }
        return add(model, "defaultAttribute", request, response,
                () -> defaultAttributes.create(RequestChecks.valid(form.toRequest())));
    }

    @PostMapping("/entity-types")
    public String addEntityType(@ModelAttribute("entityTypeForm") ConfigurationForms.EntityTypeForm form, Model model,
                                HttpServletRequest request, HttpServletResponse response) {
        return add(model, "entityType", request, response, () -> entityTypes.create(RequestChecks.valid(form.toRequest())));
    }

    @GetMapping("/entity-types/{id}")
    public String editEntityType(@PathVariable long id, Model model) {
        model.addAttribute("entityTypeForm", ConfigurationForms.EntityTypeForm.of(entityTypes.get(id)));
        return entityTypePage(id, model, FormErrors.NONE);
    }

    /** Saves an entity type; a rejected or stale save keeps what was typed and says why. */
    @PostMapping("/entity-types/{id}")
    public String updateEntityType(@PathVariable long id,
                                   @ModelAttribute("entityTypeForm") ConfigurationForms.EntityTypeForm form, Model model,
                                   HttpServletRequest request, HttpServletResponse response) {
        try {
            entityTypes.update(id, RequestChecks.valid(form.toRequest()));
        } catch (InvalidRequestException e) {
            return entityTypePage(id, model, FormErrors.of(e));
        } catch (io.loadsmith.problem.StaleVersionException e) {
            return entityTypePage(id, model, FormErrors.message(e.getMessage()
                    + " Your text is still in the form: copy what you need, then reload."));
        } catch (ConflictException e) {
            return entityTypePage(id, model, FormErrors.message(e.getMessage()));
        }
        return Htmx.redirect(request, response, "/configuration?saved#entityType");
    }

    private String entityTypePage(long id, Model model, FormErrors errors) {
        model.addAttribute("entityTypeId", id);
        model.addAttribute("errors", errors);
        model.addAttribute("physicalTypes", PhysicalType.values());
        model.addAttribute("defaultAttributeCodes", defaultAttributes.list(null).stream()
                .map(DefaultAttributeResponse::code).toList());
        return "configuration/entity-type";
    }

    @GetMapping("/default-attributes/{id}")
    public String editDefaultAttribute(@PathVariable long id, Model model) {
        model.addAttribute("defaultAttributeForm", ConfigurationForms.DefaultAttributeForm.of(defaultAttributes.get(id)));
        return defaultAttributePage(id, model, FormErrors.NONE);
    }

    @PostMapping("/default-attributes/{id}")
    public String updateDefaultAttribute(@PathVariable long id,
                                         @ModelAttribute("defaultAttributeForm") ConfigurationForms.DefaultAttributeForm form,
                                         BindingResult binding, Model model, HttpServletRequest request,
                                         HttpServletResponse response) {
        if (binding.hasErrors()) {
            return defaultAttributePage(id, model, FormErrors.of(binding));
        }
        try {
            defaultAttributes.update(id, RequestChecks.valid(form.toRequest()));
        } catch (InvalidRequestException e) {
            return defaultAttributePage(id, model, FormErrors.of(e));
        } catch (io.loadsmith.problem.StaleVersionException e) {
            return defaultAttributePage(id, model, FormErrors.message(e.getMessage()
                    + " Your text is still in the form: copy what you need, then reload."));
        } catch (ConflictException e) {
            return defaultAttributePage(id, model, FormErrors.message(e.getMessage()));
        }
        return Htmx.redirect(request, response, "/configuration?saved#defaultAttribute");
    }

    private String defaultAttributePage(long id, Model model, FormErrors errors) {
        model.addAttribute("defaultAttributeId", id);
        model.addAttribute("errors", errors);
        model.addAttribute("datatypes", datatypes.names().stream().sorted().toList());
        model.addAttribute("attributeTypes", attributeTypes.list(null));
        return "configuration/default-attribute";
    }

    @GetMapping("/transformation-types/{id}")
    public String editTransformation(@PathVariable long id, Model model) {
        model.addAttribute("transformationEditForm", ConfigurationForms.TransformationEditForm.of(transformations.get(id)));
        return transformationPage(id, model, FormErrors.NONE);
    }

    /** {@code action}: save, add-formula or remove-formula-N (the last two change only the form). */
    @PostMapping("/transformation-types/{id}")
    public String updateTransformation(@PathVariable long id,
                                       @ModelAttribute("transformationEditForm") ConfigurationForms.TransformationEditForm form,
                                       @RequestParam(defaultValue = "save") String action, Model model,
                                       HttpServletRequest request, HttpServletResponse response) {
        if ("add-formula".equals(action)) {
            form.getFormulas().add(new ConfigurationForms.TransformationEditForm.Formula());
            return transformationPage(id, model, FormErrors.NONE);
        }
        if (action.startsWith("remove-formula-")) {
            try {
                form.getFormulas().remove(Integer.parseInt(action.substring("remove-formula-".length())));
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                // nothing to remove
            }
            return transformationPage(id, model, FormErrors.NONE);
        }
        try {
            transformations.update(id, RequestChecks.valid(form.toRequest()));
        } catch (InvalidRequestException e) {
            return transformationPage(id, model, FormErrors.of(e));
        } catch (io.loadsmith.problem.StaleVersionException e) {
            return transformationPage(id, model, FormErrors.message(e.getMessage()
                    + " Your text is still in the form: copy what you need, then reload."));
        } catch (ConflictException e) {
            return transformationPage(id, model, FormErrors.message(e.getMessage()));
        }
        return Htmx.redirect(request, response, "/configuration?saved#transformation");
    }

    private String transformationPage(long id, Model model, FormErrors errors) {
        model.addAttribute("transformationId", id);
        model.addAttribute("errors", errors);
        // As stored (the page edits the stored formulas; the configuration page also counts the library's).
        io.loadsmith.template.api.TransformationTypeResponse stored = transformations.get(id);
        model.addAttribute("runtimeValue", runtimeValue(stored.name(), stored.formulas()));
        return "configuration/transformation-type";
    }

    @PostMapping("/datatype-mappings")
    public String addMapping(@ModelAttribute("mappingForm") ConfigurationForms.MappingForm form, Model model,
                             HttpServletRequest request, HttpServletResponse response) {
        return add(model, "mapping", request, response, () -> mappings.create(RequestChecks.valid(form.toRequest())));
    }

    @PostMapping("/transformation-types")
    public String addTransformation(@ModelAttribute("transformationForm") ConfigurationForms.TransformationForm form,
                                    Model model, HttpServletRequest request, HttpServletResponse response) {
        return add(model, "transformation", request, response,
                () -> transformations.create(RequestChecks.valid(form.toRequest())));
    }

    private String add(Model model, String section, HttpServletRequest request, HttpServletResponse response,
                       Runnable create) {
        try {
            create.run();
        } catch (InvalidRequestException e) {
            model.addAttribute(section + ERRORS, FormErrors.of(e));
            return page(model);
        } catch (ConflictException e) {
            model.addAttribute(section + ERRORS, FormErrors.message(e.getMessage()));
            return page(model);
        }
        return Htmx.redirect(request, response, "/configuration?saved#" + section);
    }

    /** Without JavaScript, deleting asks on a page of its own. */
    @GetMapping("/{kind}/{id}/delete")
    public String confirmDelete(@PathVariable String kind, @PathVariable long id, Model model) {
        model.addAttribute("what", describe(kind, id));
        model.addAttribute("action", "/configuration/" + kind + "/" + id + "/delete");
        model.addAttribute("back", "/configuration");
        return "confirm";
    }

    /** Deletes for good; the services refuse what is still in use, and the error page says by what. */
    @PostMapping("/{kind}/{id}/delete")
    public String delete(@PathVariable String kind, @PathVariable long id, HttpServletRequest request,
                         HttpServletResponse response) {
        switch (kind) {
            case "attribute-types" -> attributeTypes.delete(id);
            case "default-attributes" -> defaultAttributes.delete(id);
            case "entity-types" -> entityTypes.delete(id);
            case "datatype-mappings" -> mappings.delete(id);
            case "transformation-types" -> transformations.delete(id);
            default -> throw new NotFoundException("There is no configuration part called '" + kind + "'.");
        }
        return Htmx.redirect(request, response, "/configuration?saved");
    }

    private String describe(String kind, long id) {
        return switch (kind) {
            case "attribute-types" -> "attribute type " + attributeTypes.get(id).name();
            case "default-attributes" -> "default attribute " + defaultAttributes.get(id).code();
            case "entity-types" -> "entity type " + entityTypes.get(id).name();
            case "datatype-mappings" -> {
                var m = mappings.get(id);
                yield "the " + m.dialect() + " mapping of " + m.logicalDatatype();
            }
            case "transformation-types" -> "transformation type " + transformations.get(id).name();
            default -> throw new NotFoundException("There is no configuration part called '" + kind + "'.");
        };
    }

    private String page(Model model) {
        for (String section : List.of("attributeType", "defaultAttribute", "entityType", "mapping", "transformation")) {
            if (!model.containsAttribute(section + ERRORS)) {
                model.addAttribute(section + ERRORS, FormErrors.NONE);
            }
        }
        if (!model.containsAttribute("defaultAttributeForm")) {
            model.addAttribute("defaultAttributeForm", new ConfigurationForms.DefaultAttributeForm());
        }
        if (!model.containsAttribute("entityTypeForm")) {
            model.addAttribute("entityTypeForm", new ConfigurationForms.EntityTypeForm());
        }
        if (!model.containsAttribute("mappingForm")) {
            model.addAttribute("mappingForm", new ConfigurationForms.MappingForm());
        }
        if (!model.containsAttribute("transformationForm")) {
            model.addAttribute("transformationForm", new ConfigurationForms.TransformationForm());
        }
        model.addAttribute("dialects", dialects.names());
        model.addAttribute("datatypes", datatypes.names().stream().sorted().toList());
        model.addAttribute("physicalTypes", PhysicalType.values());
        model.addAttribute("loadTypes", LoadType.values());
        model.addAttribute("defaultAttributeCodes", defaultAttributes.list(null).stream()
                .map(DefaultAttributeResponse::code).toList());
        Map<String, DefaultAttributeResponse> byCode = defaultAttributes.list(null).stream()
                .collect(Collectors.toMap(DefaultAttributeResponse::code, Function.identity()));
        model.addAttribute("entityTypes", entityTypes.list(null).stream().map(t -> new EntityTypeView(t.id(), t.name(),
                t.namePrefix(), t.nameSuffix(), t.defaultSchema(),
                t.defaultPhysicalType() == null ? null : t.defaultPhysicalType().name(),
                t.defaultAttributes().stream().map(ref -> {
                    DefaultAttributeResponse d = byCode.get(ref.defaultAttribute());
                    return d == null ? new DefaultAttributeView(ref.defaultAttribute(), "?", "?", null)
                            : new DefaultAttributeView(d.code(), d.nameTemplate(), datatype(d), d.attributeType());
                }).toList(),
                t.loadTypes().stream().map(l -> l.physicalType() + " → " + l.loadType()).toList())).toList());
        model.addAttribute("attributeTypes", attributeTypes.list(null));
        model.addAttribute("defaultAttributes", defaultAttributes.list(null));
        Map<String, List<DatatypeMappingResponse>> byDialect = new TreeMap<>(mappings.list(null).stream()
                .collect(Collectors.groupingBy(DatatypeMappingResponse::dialect)));
        model.addAttribute("mappings", byDialect);
        Map<String, TransformationView> formulas = new TreeMap<>();
        templates.formulas().forEach(f -> formulas.put(f.name(), new TransformationView(null, f.name(), "library",
                new TreeMap<>(f.variants()), runtimeValue(f.name(), f.variants()))));
        transformations.list(null).forEach(t -> {
            // A stored type without formulas lets the library's of its name apply (TemplateCatalog).
            TransformationView shipped = formulas.get(t.name());
            Map<String, String> applying = t.formulas().isEmpty() && shipped != null ? shipped.formulas() : t.formulas();
            formulas.put(t.name(), new TransformationView(t.id(), t.name(), "store", t.formulas(),
                    runtimeValue(t.name(), applying)));
        });
        model.addAttribute("transformations", formulas.values());
        return "configuration/index";
    }

    private static String runtimeValue(String type, Map<String, String> formulas) {
        return formulas.containsKey(io.loadsmith.generation.catalog.TemplateDefinition.DEFAULT_VARIANT) ? null
                : io.loadsmith.generation.catalog.RuntimeValues.describe(type);
    }

    private static String datatype(DefaultAttributeResponse d) {
        if (d.dataLength() != null) {
            return d.datatype() + "(" + d.dataLength() + ")";
        }
        if (d.dataPrecision() != null) {
            return d.datatype() + "(" + d.dataPrecision() + (d.dataScale() == null ? "" : ", " + d.dataScale()) + ")";
        }
        return d.datatype();
    }
}
