package io.loadsmith.generation.model;

import java.util.List;
import java.util.Map;

/**
 * One mapped target attribute ({@code mapping.attributeMappings[i]}): the target attribute fed by
 * source attributes of the mapping's source entity, in mapping order, through a transformation
 * type. {@code transformationType} null is a plain copy of the one source attribute;
 * {@code customFormula} is the SQL expression of a CUSTOM transformation (null otherwise).
 */
public record AttributeMappingModel(
        AttributeModel targetAttribute,
        List<AttributeModel> sourceAttributes,
        String transformationType,
        String customFormula) {

    public AttributeMappingModel {
        sourceAttributes = List.copyOf(sourceAttributes);
    }

    /** The same mapping pointing at the given (for example dialect-localized) attributes, matched by name. */
    AttributeMappingModel relink(Map<String, AttributeModel> target, Map<String, AttributeModel> source) {
        return new AttributeMappingModel(
                target.getOrDefault(targetAttribute.name(), targetAttribute),
                sourceAttributes.stream().map(a -> source.getOrDefault(a.name(), a)).toList(),
                transformationType, customFormula);
    }
}
