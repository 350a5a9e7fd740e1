package io.loadsmith.entitytype.web;

import static io.loadsmith.configuration.web.ConfigurationSection.offer;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

import io.loadsmith.configuration.web.ConfigurationOverview;
import io.loadsmith.configuration.web.ConfigurationSection;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.dialect.LogicalDatatypes;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DatatypeMappingService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.DatatypeMappingResponse;
import io.loadsmith.entitytype.DefaultAttributeResponse;
import io.loadsmith.web.FormErrors;

/**
 * The overview's entity types (with their default attributes in order), attribute types, default
 * attributes and datatype mappings per dialect.
 */
@Component
@Order(1)
public record EntityTypeSection(EntityTypeService entityTypes, AttributeTypeService attributeTypes,
                                DefaultAttributeService defaultAttributes, DatatypeMappingService mappings,
                                DialectRegistry dialects, LogicalDatatypes datatypes) implements ConfigurationSection {

    /** A default attribute of an entity type, in the order new entities get it. */
    public record DefaultAttributeView(String code, String nameTemplate, String datatype, String attributeType) {
    }

    /** An entity type as the overview shows it. */
    public record EntityTypeView(long id, String name, String namePrefix, String nameSuffix, String defaultSchema,
                                 String physicalType, List<DefaultAttributeView> defaultAttributes, List<String> loadTypes) {
    }

    @Override
    public List<Part> parts() {
        return List.of(
                new Part("attribute-types", id -> "attribute type " + attributeTypes.get(id).name(), attributeTypes::delete),
                new Part("default-attributes", id -> "default attribute " + defaultAttributes.get(id).code(),
                        defaultAttributes::delete),
                new Part("entity-types", id -> "entity type " + entityTypes.get(id).name(), entityTypes::delete),
                new Part("datatype-mappings", id -> {
                    DatatypeMappingResponse m = mappings.get(id);
                    return "the " + m.dialect() + " mapping of " + m.logicalDatatype();
                }, mappings::delete));
    }

    @Override
    public void show(Model model) {
        for (String section : List.of("attributeType", "defaultAttribute", "entityType", "mapping")) {
            offer(model, ConfigurationOverview.errors(section), FormErrors.NONE);
        }
        offer(model, "defaultAttributeForm", ConfigurationForms.DefaultAttributeForm.empty());
        offer(model, "entityTypeForm", ConfigurationForms.EntityTypeForm.empty());
        offer(model, "mappingForm", ConfigurationForms.MappingForm.empty());
        model.addAttribute("dialects", dialects.names());
        model.addAttribute("datatypes", datatypes.names().stream().sorted().toList());
        model.addAttribute("physicalTypes", PhysicalType.values());
        model.addAttribute("loadTypes", LoadType.values());
        List<DefaultAttributeResponse> defaults = defaultAttributes.list(null);
        model.addAttribute("defaultAttributeCodes", defaults.stream().map(DefaultAttributeResponse::code).toList());
        Map<String, DefaultAttributeResponse> byCode = defaults.stream()
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
        model.addAttribute("defaultAttributes", defaults);
        Map<String, List<DatatypeMappingResponse>> byDialect = new TreeMap<>(mappings.list(null).stream()
                .collect(Collectors.groupingBy(DatatypeMappingResponse::dialect)));
        model.addAttribute("mappings", byDialect);
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
