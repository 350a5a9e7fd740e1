package io.loadsmith.template.web;

import static io.loadsmith.configuration.web.ConfigurationSection.offer;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

import io.loadsmith.configuration.web.ConfigurationOverview;
import io.loadsmith.configuration.web.ConfigurationSection;
import io.loadsmith.generation.catalog.RuntimeValues;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.template.TransformationTypeService;
import io.loadsmith.web.FormErrors;

/** The overview's transformation types: the stored ones and the library's, with their formula per dialect. */
@Component
@Order(2)
public record TransformationTypeSection(TransformationTypeService transformations,
                                        TemplateLookup templates) implements ConfigurationSection {

    /**
     * A transformation type and its formula per dialect; {@code origin} is store or library;
     * {@code runtimeValue} what it renders as for a dialect without a formula (null: every dialect has one).
     */
    public record TransformationView(Long id, String name, String origin, Map<String, String> formulas,
                                     String runtimeValue) {
    }

    @Override
    public List<Part> parts() {
        return List.of(new Part("transformation-types", id -> "transformation type " + transformations.get(id).name(),
                transformations::delete));
    }

    @Override
    public void show(Model model) {
        offer(model, ConfigurationOverview.errors("transformation"), FormErrors.NONE);
        offer(model, "transformationForm", TransformationForms.TransformationForm.empty());
        Map<String, TransformationView> formulas = new TreeMap<>();
        templates.formulas().forEach(f -> formulas.put(f.name(), new TransformationView(null, f.name(), "library",
                new TreeMap<>(f.variants()), runtimeValue(f.name(), f.variants()))));
        transformations.list(null).forEach(t -> {
            // The library's formulas of its name apply for the dialects the stored type has none for
            // (TemplateCatalog): the imported HASH_KEY, for three dialects only, is no run-time value.
            TransformationView shipped = formulas.get(t.name());
            Map<String, String> applying = new TreeMap<>(shipped == null ? Map.of() : shipped.formulas());
            applying.putAll(t.formulas());
            formulas.put(t.name(), new TransformationView(t.id(), t.name(), "store", t.formulas(),
                    runtimeValue(t.name(), applying)));
        });
        model.addAttribute("transformations", formulas.values());
    }

    static String runtimeValue(String type, Map<String, String> formulas) {
        return formulas.containsKey(TemplateDefinition.DEFAULT_VARIANT) ? null : RuntimeValues.describe(type);
    }
}
