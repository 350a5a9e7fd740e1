package io.loadsmith.template.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.template.ParameterJson;
import io.loadsmith.template.TemplateRequest;
import io.loadsmith.template.TemplateResponse;

/**
 * The template editor's form: typed parameter definitions and the FreeMarker text per variant, bound
 * through its constructor; the row buttons make a new form ({@link #rearranged}).
 */
public record TemplateForm(Long version, String name, String description, String packageName, List<ParamRow> parameters,
                           List<VariantRow> variants) {

    /** No rows sent is none; a row the browser skipped (parameters[2] without [1]) is an empty one. */
    public TemplateForm {
        parameters = parameters == null ? List.of()
                : parameters.stream().map(p -> p == null ? ParamRow.blank() : p).toList();
        variants = variants == null ? List.of() : variants.stream().map(v -> v == null ? new VariantRow(null, null) : v).toList();
    }

    public static TemplateForm empty() {
        return new TemplateForm(null, null, null, null, List.of(),
                List.of(new VariantRow(TemplateDefinition.DEFAULT_VARIANT, "")));
    }

    public static TemplateForm of(TemplateResponse t) {
        List<VariantRow> variants = new ArrayList<>();
        t.variants().forEach((dialect, text) -> variants.add(new VariantRow(dialect, text)));
        return new TemplateForm(t.version(), t.name(), t.description(), t.packageName(), t.parameters().stream()
                .map(p -> new ParamRow(p.name(), p.type(), p.required(), p.defaultValue(), p.description())).toList(),
                variants);
    }

    /** A shipped template as the starting point of a stored one (which then shadows it). */
    public static TemplateForm copyOf(TemplateDefinition d) {
        List<VariantRow> variants = new ArrayList<>();
        new TreeMap<>(d.variants()).forEach((dialect, text) -> variants.add(new VariantRow(dialect, text)));
        return new TemplateForm(null, d.name(), d.description(), null, d.parameters().stream()
                .map(p -> new ParamRow(p.name(), p.type(), p.required(), p.defaultValue(), p.description())).toList(),
                variants);
    }

    /**
     * The form after a row button: {@code add-parameter}, {@code add-variant}, {@code remove-parameter-N},
     * {@code remove-variant-N}; as it is for any other action or a row it does not have.
     */
    TemplateForm rearranged(String action) {
        List<ParamRow> params = new ArrayList<>(parameters);
        List<VariantRow> texts = new ArrayList<>(variants);
        switch (action) {
            case "add-parameter" -> params.add(ParamRow.blank());
            case "add-variant" -> texts.add(new VariantRow(null, null));
            default -> {
                int index;
                try {
                    index = Integer.parseInt(action.substring(action.lastIndexOf('-') + 1));
                } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                    return this;
                }
                List<?> rows = action.startsWith("remove-parameter-") ? params
                        : action.startsWith("remove-variant-") ? texts : new ArrayList<>();
                if (index < 0 || index >= rows.size()) {
                    return this;
                }
                rows.remove(index);
            }
        }
        return new TemplateForm(version, name, description, packageName, params, texts);
    }

    public TemplateRequest toRequest() {
        Map<String, String> byDialect = new LinkedHashMap<>();
        variants.forEach(v -> byDialect.put(v.dialect == null ? "" : v.dialect.strip(), v.text == null ? "" : v.text));
        return new TemplateRequest(version, name == null ? null : name.strip(), blank(description), blank(packageName),
                parameters.stream().map(p -> new ParameterJson(p.name == null ? "" : p.name.strip(), p.type, p.required,
                        blank(p.defaultValue), blank(p.description))).toList(),
                byDialect);
    }

    private static String blank(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    /**
     * A parameter definition; a missing type is a string. {@code required} is boxed so that a request
     * without the box or its marker binds as not required (a primitive left unbound fails the whole form).
     */
    public record ParamRow(String name, ParameterType type, Boolean required, String defaultValue, String description) {

        public ParamRow {
            type = type == null ? ParameterType.STRING : type;
            required = required != null && required;
        }

        static ParamRow blank() {
            return new ParamRow(null, null, false, null, null);
        }
    }

    /** The text for one dialect ("default" for all others). */
    public record VariantRow(String dialect, String text) {
    }
}
