package io.loadsmith.entitytype.web;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DatatypeMappingService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.api.AttributeTypeRequest;
import io.loadsmith.entitytype.api.DatatypeMappingResponse;
import io.loadsmith.entitytype.api.DefaultAttributeResponse;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.template.TemplateLookup;
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
    public record EntityTypeView(String name, String namePrefix, String nameSuffix, String defaultSchema,
                                 String physicalType, List<DefaultAttributeView> defaultAttributes, List<String> loadTypes) {
    }

    /** A transformation type and its formula per dialect; {@code origin} is store or library. */
    public record TransformationView(String name, String origin, Map<String, String> formulas) {
    }

    private final EntityTypeService entityTypes;
    private final AttributeTypeService attributeTypes;
    private final DefaultAttributeService defaultAttributes;
    private final DatatypeMappingService mappings;
    private final TransformationTypeService transformations;
    private final TemplateLookup templates;

    public ConfigurationPageController(EntityTypeService entityTypes, AttributeTypeService attributeTypes,
                                       DefaultAttributeService defaultAttributes, DatatypeMappingService mappings,
                                       TransformationTypeService transformations, TemplateLookup templates) {
        this.entityTypes = entityTypes;
        this.attributeTypes = attributeTypes;
        this.defaultAttributes = defaultAttributes;
        this.mappings = mappings;
        this.transformations = transformations;
        this.templates = templates;
    }

    @GetMapping
    public String overview(@RequestParam(required = false) String saved, Model model) {
        model.addAttribute("saved", saved == null ? null : "Saved.");
        return page(model, FormErrors.NONE, "");
    }

    /** Adds an attribute type; a rejected name stays in the field with the reason beside it. */
    @PostMapping("/attribute-types")
    public String addAttributeType(@RequestParam(required = false) String name,
                                   @RequestParam(required = false) String description, Model model,
                                   HttpServletRequest request, HttpServletResponse response) {
        try {
            attributeTypes.create(RequestChecks.valid(new AttributeTypeRequest(null, name == null ? null : name.strip(),
                    null, description == null || description.isBlank() ? null : description)));
        } catch (InvalidRequestException e) {
            return page(model, FormErrors.of(e), name);
        } catch (ConflictException e) {
            return page(model, FormErrors.message(e.getMessage()), name);
        }
        return Htmx.redirect(request, response, "/configuration?saved");
    }

    private String page(Model model, FormErrors errors, String attributeTypeName) {
        Map<String, DefaultAttributeResponse> byCode = defaultAttributes.list(null).stream()
                .collect(Collectors.toMap(DefaultAttributeResponse::code, Function.identity()));
        model.addAttribute("entityTypes", entityTypes.list(null).stream().map(t -> new EntityTypeView(t.name(),
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
        templates.formulas().forEach(f -> formulas.put(f.name(), new TransformationView(f.name(), "library",
                new TreeMap<>(f.variants()))));
        transformations.list(null).forEach(t -> formulas.put(t.name(), new TransformationView(t.name(), "store",
                t.formulas())));
        model.addAttribute("transformations", formulas.values());
        model.addAttribute("errors", errors);
        model.addAttribute("attributeTypeName", attributeTypeName);
        return "configuration/index";
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
