package io.loadsmith.template.web;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;

import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.template.TemplateService;
import io.loadsmith.template.TemplateResponse;

/** The list of load templates: stored and shipped, with the stored one where it shadows a shipped one. */
@Controller
@RequestMapping("/configuration/templates")
record TemplateListPageController(TemplateService templates, TemplateLookup lookup) {

    /** A row of the template list; {@code id} is null for a shipped template that no stored one shadows. */
    public record TemplateRow(Long id, String name, String origin, String description, List<String> parameters,
                              List<String> variants) {
    }

    @GetMapping
    public String list(Model model) {
        Map<String, Long> stored = templates.list(null).stream()
                .collect(Collectors.toMap(TemplateResponse::name, TemplateResponse::id));
        model.addAttribute("templates", lookup.all().stream().map(d -> new TemplateRow(stored.get(d.name()), d.name(),
                d.origin(), d.description(),
                d.parameters().stream().map(p -> p.name() + " " + p.type() + (p.required() ? " (required)" : "")).toList(),
                d.variants().keySet().stream().sorted().toList())).toList());
        return "configuration/templates";
    }
}
