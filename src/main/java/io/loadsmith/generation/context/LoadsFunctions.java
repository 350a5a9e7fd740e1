package io.loadsmith.generation.context;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

import freemarker.template.SimpleScalar;
import freemarker.template.TemplateHashModel;
import freemarker.template.TemplateMethodModelEx;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import freemarker.template.TemplateScalarModel;
import freemarker.template.utility.DeepUnwrap;
import io.loadsmith.generation.model.AttributeMappingModel;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;

/**
 * {@code loads} in templates: the seed's template API.
 * <ul>
 * <li>{@code loads.getAttributeForType(attributes, "SCD_ID")}: the one attribute of that type;
 *     none is an error naming the entity and the type</li>
 * <li>{@code loads.getAttributesForType(attributes, "DV_HASHKEY")}: all of that type, maybe none</li>
 * <li>{@code loads.getTransformationForAttributes("HASH_KEY", attributes [, prefix])}: the
 *     dialect's SQL expression of a transformation type over the attributes</li>
 * <li>{@code loads.getTransformationForMapping(attributeMapping [, prefix])}: the expression of one
 *     mapped target attribute: the prefixed source column of a plain copy, the CUSTOM formula as
 *     written, else its transformation type's formula over the mapped source attributes, with the
 *     target's {@code attributeName} and {@code physicalDatatype}</li>
 * </ul>
 */
public final class LoadsFunctions implements TemplateHashModel {

    /** Renders a transformation formula; implemented by the generator. */
    public interface FormulaRenderer {
        String render(String transformationType, List<AttributeModel> attributes, String prefix,
                      AttributeModel target) throws Exception;
    }

    private final LoadModel load;
    private final FormulaRenderer formulas;

    LoadsFunctions(LoadModel load, FormulaRenderer formulas) {
        this.load = load;
        this.formulas = formulas;
    }

    @Override
    public TemplateModel get(String key) throws TemplateModelException {
        return switch (key) {
            case "getAttributeForType" -> (TemplateMethodModelEx) args -> {
                expect(args, 2, 2, "loads.getAttributeForType(attributes, attributeType)");
                List<AttributeModel> attributes = attributes((TemplateModel) args.get(0), "loads.getAttributeForType");
                String type = string(args.get(1));
                List<AttributeModel> found = ofType(attributes, type);
                if (found.isEmpty()) {
                    throw new TemplateModelException(new TemplateApiException(owner(attributes)
                            + " has no attribute of type " + type + ", which the template needs."));
                }
                if (found.size() > 1) {
                    throw new TemplateModelException(new TemplateApiException(owner(attributes) + " has "
                            + found.size() + " attributes of type " + type + " ("
                            + String.join(", ", found.stream().map(AttributeModel::name).toList())
                            + "); the template needs exactly one."));
                }
                return wrap(found.get(0));
            };
            case "getAttributesForType" -> (TemplateMethodModelEx) args -> {
                expect(args, 2, 2, "loads.getAttributesForType(attributes, attributeType)");
                List<AttributeModel> attributes = attributes((TemplateModel) args.get(0), "loads.getAttributesForType");
                return wrap(ofType(attributes, string(args.get(1))));
            };
            case "getTransformationForAttributes" -> (TemplateMethodModelEx) args -> {
                expect(args, 2, 3, "loads.getTransformationForAttributes(transformationType, attributes [, prefix])");
                String type = string(args.get(0));
                List<AttributeModel> attributes = attributes((TemplateModel) args.get(1),
                        "loads.getTransformationForAttributes");
                String prefix = args.size() > 2 ? string(args.get(2)) : "";
                return new SimpleScalar(formula(type, attributes, prefix, null));
            };
            case "getTransformationForMapping" -> (TemplateMethodModelEx) args -> {
                expect(args, 1, 2, "loads.getTransformationForMapping(attributeMapping [, prefix])");
                if (!(DeepUnwrap.unwrap((TemplateModel) args.get(0)) instanceof AttributeMappingModel mapped)) {
                    throw new TemplateModelException(new TemplateApiException(
                            "loads.getTransformationForMapping needs one of mapping.attributeMappings."));
                }
                return new SimpleScalar(mappingExpression(mapped, args.size() > 1 ? string(args.get(1)) : ""));
            };
            default -> throw new TemplateModelException(new TemplateApiException("loads." + key
                    + " does not exist; loads has: getAttributeForType, getAttributesForType, getTransformationForAttributes, getTransformationForMapping."));
        };
    }

    private String formula(String type, List<AttributeModel> attributes, String prefix, AttributeModel target)
            throws TemplateModelException {
        try {
            return formulas.render(type, attributes, prefix, target);
        } catch (TemplateModelException e) {
            throw e;
        } catch (Exception e) {
            throw new TemplateModelException(e);
        }
    }

    private String mappingExpression(AttributeMappingModel mapped, String prefix) throws TemplateModelException {
        String type = mapped.transformationType();
        if ("CUSTOM".equals(type)) {
            return mapped.customFormula();
        }
        if (type != null) {
            return formula(type, mapped.sourceAttributes(), prefix, mapped.targetAttribute());
        }
        if (mapped.sourceAttributes().size() != 1) {
            throw new TemplateModelException(new TemplateApiException("Target attribute "
                    + mapped.targetAttribute().name() + " is a plain copy of " + mapped.sourceAttributes().size()
                    + " source attributes; a copy needs exactly one (give it a transformation type to combine several)."));
        }
        return (prefix.isEmpty() ? "" : prefix + ".") + mapped.sourceAttributes().get(0).sqlName();
    }

    @Override
    public boolean isEmpty() {
        return false;
    }

    /** Unwraps a FreeMarker sequence (a model list, or the result of ?filter) into attributes. */
    static List<AttributeModel> attributes(TemplateModel model, String where) throws TemplateModelException {
        Object unwrapped = DeepUnwrap.unwrap(model);
        if (unwrapped instanceof AttributeModel single) {
            return List.of(single);
        }
        if (!(unwrapped instanceof List<?> list)) {
            throw new TemplateModelException(new TemplateApiException(where + " needs a list of attributes, got "
                    + (unwrapped == null ? "nothing" : unwrapped.getClass().getSimpleName()) + "."));
        }
        List<AttributeModel> attributes = new ArrayList<>(list.size());
        for (Object item : list) {
            if (!(item instanceof AttributeModel attribute)) {
                throw new TemplateModelException(new TemplateApiException(where + " needs a list of attributes; it contains "
                        + (item == null ? "null" : item.getClass().getSimpleName()) + "."));
            }
            attributes.add(attribute);
        }
        return attributes;
    }

    private static List<AttributeModel> ofType(List<AttributeModel> attributes, String type) {
        return attributes.stream().filter(a -> Objects.equals(type, a.attributeType())).toList();
    }

    /** Names the entity that the attributes were taken from, for messages. */
    private String owner(List<AttributeModel> attributes) {
        return Stream.concat(Stream.of(load.target()), load.sources().stream())
                .filter(e -> e.attributes().containsAll(attributes))
                .findFirst()
                .map(e -> "Entity " + e.qualifiedName())
                .orElse("The attribute list [" + String.join(", ", attributes.stream().map(AttributeModel::name).toList()) + "]");
    }

    private static TemplateModel wrap(Object value) throws TemplateModelException {
        return freemarker.core.Environment.getCurrentEnvironment().getObjectWrapper().wrap(value);
    }

    private static String string(Object argument) throws TemplateModelException {
        if (argument instanceof TemplateScalarModel scalar) {
            return scalar.getAsString();
        }
        throw new TemplateModelException("Expected a string argument, got " + argument);
    }

    private static void expect(List<?> args, int min, int max, String signature) throws TemplateModelException {
        if (args.size() < min || args.size() > max) {
            throw new TemplateModelException(new TemplateApiException("Call " + signature + " with "
                    + (min == max ? min : min + " or " + max) + " arguments, not " + args.size() + "."));
        }
    }

    static List<EntityModel> entities(LoadModel load) {
        List<EntityModel> all = new ArrayList<>();
        all.add(load.target());
        all.addAll(load.sources());
        return all;
    }
}
