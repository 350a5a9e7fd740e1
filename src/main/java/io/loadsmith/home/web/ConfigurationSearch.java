package io.loadsmith.home.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;

import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.preset.LoadPresetService;
import io.loadsmith.template.TemplateService;
import io.loadsmith.template.TransformationTypeService;
import io.loadsmith.template.TemplateResponse;
import io.loadsmith.home.web.HomePageController.Item;

/**
 * The part of the global search beyond entities and loads: templates (stored and shipped), entity
 * types, attribute types, default attributes and transformation types whose name or description
 * contains the text, each linked to its page.
 */
@Component
record ConfigurationSearch(TemplateLookup templates, TemplateService stored, EntityTypeService entityTypes,
                           AttributeTypeService attributeTypes, DefaultAttributeService defaultAttributes,
                           TransformationTypeService transformations, LoadPresetService presets) {

    public List<Item> search(String text) {
        String q = text.toLowerCase(Locale.ROOT);
        List<Item> found = new ArrayList<>();
        var ids = stored.list(null).stream().collect(Collectors.toMap(TemplateResponse::name, TemplateResponse::id));
        templates.all().stream().filter(t -> matches(q, t.name(), t.description())).forEach(t -> found.add(new Item(
                "Template", t.name(), t.description() == null ? "" : t.description(), ids.containsKey(t.name())
                        ? "/configuration/templates/" + ids.get(t.name()) : "/configuration/templates/library/" + t.name(), null)));
        entityTypes.list(null).stream().filter(t -> matches(q, t.name(), t.description())).forEach(t -> found.add(new Item(
                "Entity type", t.name(), t.description() == null ? "" : t.description(), "/configuration/entity-types/" + t.id(), null)));
        attributeTypes.list(null).stream().filter(t -> matches(q, t.name(), t.description())).forEach(t -> found.add(new Item(
                "Attribute type", t.name(), t.description() == null ? "" : t.description(), "/configuration#attributeType", null)));
        defaultAttributes.list(null).stream().filter(d -> matches(q, d.code(), d.nameTemplate())).forEach(d -> found.add(new Item(
                "Default attribute", d.code(), d.nameTemplate() == null ? "" : "name " + d.nameTemplate(),
                "/configuration/default-attributes/" + d.id(), null)));
        transformations.list(null).stream().filter(t -> matches(q, t.name(), t.description())).forEach(t -> found.add(new Item(
                "Transformation type", t.name(), t.description() == null ? "" : t.description(),
                "/configuration/transformation-types/" + t.id(), null)));
        presets.list(null).stream().filter(p -> matches(q, p.name(), p.description())).forEach(p -> found.add(new Item(
                "Load preset", p.name(), p.description() == null ? "" : p.description(), "/presets/" + p.id(), null)));
        return found;
    }

    static boolean matches(String q, String... fields) {
        for (String field : fields) {
            if (field != null && field.toLowerCase(Locale.ROOT).contains(q)) {
                return true;
            }
        }
        return false;
    }
}
