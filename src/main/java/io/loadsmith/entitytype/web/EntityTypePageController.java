package io.loadsmith.entitytype.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;

import io.loadsmith.configuration.web.ConfigurationOverview;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.DefaultAttributeResponse;
import io.loadsmith.web.FormErrors;
import io.loadsmith.problem.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Adding and editing entity types (their list is part of the configuration overview). */
@Controller
@RequestMapping("/configuration/entity-types")
public record EntityTypePageController(EntityTypeService entityTypes, DefaultAttributeService defaultAttributes,
                                       ConfigurationOverview overview) {

    @PostMapping
    public String add(@ModelAttribute("entityTypeForm") ConfigurationForms.EntityTypeForm form, Model model,
                      HttpServletRequest request, HttpServletResponse response) {
        return overview.add(model, "entityType", request, response,
                () -> entityTypes.create(RequestChecks.valid(form.toRequest())));
    }

    @GetMapping("/{id}")
    public String edit(@PathVariable long id, Model model) {
        model.addAttribute("entityTypeForm", ConfigurationForms.EntityTypeForm.of(entityTypes.get(id)));
        return page(id, model, FormErrors.NONE);
    }

    /** Saves an entity type; a rejected or stale save keeps what was typed and says why. */
    @PostMapping("/{id}")
    public String update(@PathVariable long id, @ModelAttribute("entityTypeForm") ConfigurationForms.EntityTypeForm form,
                         Model model, HttpServletRequest request, HttpServletResponse response) {
        return overview.save(() -> entityTypes.update(id, RequestChecks.valid(form.toRequest())),
                refused -> page(id, model, refused), "entityType", request, response);
    }

    private String page(long id, Model model, FormErrors errors) {
        model.addAttribute("entityTypeId", id);
        model.addAttribute("errors", errors);
        model.addAttribute("physicalTypes", PhysicalType.values());
        model.addAttribute("defaultAttributeCodes", defaultAttributes.list(null).stream()
                .map(DefaultAttributeResponse::code).toList());
        return "configuration/entity-type";
    }
}
