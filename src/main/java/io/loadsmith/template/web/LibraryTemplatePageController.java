package io.loadsmith.template.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateLookup;

/** A shipped template, read-only: its parameters and each variant with the dialects that use it. */
@Controller
@RequestMapping("/configuration/templates/library")
record LibraryTemplatePageController(TemplateLookup lookup, DialectRegistry dialects) {

    /** A variant's text and the target dialects that generate with it (a dialect takes the first of its lineage, then default). */
    public record Variant(String key, String text, List<String> usedBy) {
    }

    @GetMapping("/{name}")
    public String show(@PathVariable String name, Model model) {
        TemplateDefinition template = lookup.shipped(name).orElseThrow(() -> NotFoundException.name("Template", name));
        model.addAttribute("template", template);
        model.addAttribute("variants", variants(template.variants()));
        model.addAttribute("shadowed", lookup.find(name).map(d -> !"library".equals(d.origin())).orElse(false));
        return "configuration/library-template";
    }

    private List<Variant> variants(Map<String, String> texts) {
        Map<String, List<String>> usedBy = new TreeMap<>();
        for (Dialect dialect : dialects.targets()) {
            List<String> chain = new ArrayList<>(dialect.lineage());
            chain.add(TemplateDefinition.DEFAULT_VARIANT);
            chain.stream().filter(texts::containsKey).findFirst()
                    .ifPresent(key -> usedBy.computeIfAbsent(key, k -> new ArrayList<>()).add(dialect.name()));
        }
        List<Variant> variants = new ArrayList<>();
        if (texts.containsKey(TemplateDefinition.DEFAULT_VARIANT)) {
            variants.add(variant(TemplateDefinition.DEFAULT_VARIANT, texts, usedBy));
        }
        new TreeMap<>(texts).keySet().stream().filter(k -> !TemplateDefinition.DEFAULT_VARIANT.equals(k))
                .forEach(k -> variants.add(variant(k, texts, usedBy)));
        return variants;
    }

    private static Variant variant(String key, Map<String, String> texts, Map<String, List<String>> usedBy) {
        return new Variant(key, texts.get(key), usedBy.getOrDefault(key, List.of()).stream().sorted().toList());
    }
}
