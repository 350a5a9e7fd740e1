package io.loadsmith.entitytype.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;

import io.loadsmith.configuration.web.ConfigurationOverview;
import io.loadsmith.dialect.LogicalDatatypes;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.web.FormErrors;
import io.loadsmith.problem.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Adding and editing default attributes (their list is part of the configuration overview). */
@Controller
@RequestMapping("/configuration/default-attributes")
public record DefaultAttributePageController(DefaultAttributeService defaultAttributes,
                                             AttributeTypeService attributeTypes, LogicalDatatypes datatypes,
                                             ConfigurationOverview overview) {

    @PostMapping
    public String add(@ModelAttribute("defaultAttributeForm") ConfigurationForms.DefaultAttributeForm form,
                      BindingResult binding, Model model, HttpServletRequest request, HttpServletResponse response) {
        if (binding.hasErrors()) {
            model.addAttribute(ConfigurationOverview.errors("defaultAttribute"), FormErrors.of(binding));
            return overview.page(model);
        }
        return overview.add(model, "defaultAttribute", request, response,
                () -> defaultAttributes.create(RequestChecks.valid(form.toRequest())));
    }

    @GetMapping("/{id}")
    public String edit(@PathVariable long id, Model model) {
        model.addAttribute("defaultAttributeForm", ConfigurationForms.DefaultAttributeForm.of(defaultAttributes.get(id)));
        return page(id, model, FormErrors.NONE);
    }

    @PostMapping("/{id}")
    public String update(@PathVariable long id,
                         @ModelAttribute("defaultAttributeForm") ConfigurationForms.DefaultAttributeForm form,
                         BindingResult binding, Model model, HttpServletRequest request, HttpServletResponse response) {
        if (binding.hasErrors()) {
            return page(id, model, FormErrors.of(binding));
        }
        return overview.save(() -> defaultAttributes.update(id, RequestChecks.valid(form.toRequest())),
                refused -> page(id, model, refused), "defaultAttribute", request, response);
    }

    private String page(long id, Model model, FormErrors errors) {
        model.addAttribute("defaultAttributeId", id);
        model.addAttribute("errors", errors);
        model.addAttribute("datatypes", datatypes.names().stream().sorted().toList());
        model.addAttribute("attributeTypes", attributeTypes.list(null));
        return "configuration/default-attribute";
    }
}
