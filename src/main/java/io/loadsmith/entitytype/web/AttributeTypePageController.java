package io.loadsmith.entitytype.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.configuration.web.ConfigurationOverview;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DatatypeMappingService;
import io.loadsmith.entitytype.AttributeTypeRequest;
import io.loadsmith.problem.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Adding attribute types and datatype mappings from the configuration overview (they have no page of their own). */
@Controller
@RequestMapping("/configuration")
public record AttributeTypePageController(AttributeTypeService attributeTypes, DatatypeMappingService mappings,
                                          ConfigurationOverview overview) {

    /** Adds an attribute type; a rejected name stays in the field with the reason beside it. */
    @PostMapping("/attribute-types")
    public String addAttributeType(@RequestParam(required = false) String name,
                                   @RequestParam(required = false) String description, Model model,
                                   HttpServletRequest request, HttpServletResponse response) {
        model.addAttribute("attributeTypeName", name);
        return overview.add(model, "attributeType", request, response, () -> attributeTypes.create(RequestChecks.valid(
                new AttributeTypeRequest(null, name == null ? null : name.strip(), null,
                        description == null || description.isBlank() ? null : description))));
    }

    @PostMapping("/datatype-mappings")
    public String addMapping(@ModelAttribute("mappingForm") ConfigurationForms.MappingForm form, Model model,
                             HttpServletRequest request, HttpServletResponse response) {
        return overview.add(model, "mapping", request, response, () -> mappings.create(RequestChecks.valid(form.toRequest())));
    }
}
