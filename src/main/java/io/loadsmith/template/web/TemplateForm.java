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
import io.loadsmith.web.FormFields;
import io.loadsmith.web.FormRows;

/** The template editor's form: typed parameter definitions and the FreeMarker text per variant. */
public record TemplateForm(String version, String name, String description, String packageName,
                           List<ParamRow> parameters, List<VariantRow> variants) {

    public TemplateForm {
        parameters = FormRows.bound(parameters, () -> new ParamRow(null, null, false, null, null));
        variants = FormRows.bound(variants, () -> new VariantRow(null, null));
    }

    public static TemplateForm empty() {
        return new TemplateForm(null, null, null, null, List.of(),
                List.of(new VariantRow(TemplateDefinition.DEFAULT_VARIANT, "")));
    }

    public static TemplateForm of(TemplateResponse t) {
        List<VariantRow> variants = new ArrayList<>();
        t.variants().forEach((dialect, text) -> variants.add(new VariantRow(dialect, text)));
        return new TemplateForm(String.valueOf(t.version()), t.name(), t.description(), t.packageName(), t.parameters().stream()
                .map(p -> new ParamRow(p.name(), p.type() == null ? null : p.type().name(), p.required(), p.defaultValue(),
                        p.description())).toList(),
                variants);
    }

    /** A shipped template as the starting point of a stored one (which then shadows it). */
    public static TemplateForm copyOf(TemplateDefinition d) {
        List<VariantRow> variants = new ArrayList<>();
        new TreeMap<>(d.variants()).forEach((dialect, text) -> variants.add(new VariantRow(dialect, text)));
        return new TemplateForm(null, d.name(), d.description(), null, d.parameters().stream()
                .map(p -> new ParamRow(p.name(), p.type() == null ? null : p.type().name(), p.required(), p.defaultValue(),
                        p.description())).toList(),
                variants);
    }

    public TemplateRequest toRequest() {
        Map<String, String> byDialect = new LinkedHashMap<>();
        variants.forEach(v -> byDialect.put(v.dialect == null ? "" : v.dialect.strip(), v.text == null ? "" : v.text));
        FormFields fields = new FormFields();
        List<ParameterJson> params = new ArrayList<>();
        for (int i = 0; i < parameters.size(); i++) {
            ParamRow p = parameters.get(i);
            ParameterType type = fields.choice("parameters[" + i + "].type", p.type, ParameterType.class);
            params.add(new ParameterJson(p.name == null ? "" : p.name.strip(), type == null ? ParameterType.STRING : type,
                    p.required, blank(p.defaultValue), blank(p.description)));
        }
        return fields.request(new TemplateRequest(fields.whole("version", version), name == null ? null : name.strip(),
                blank(description), blank(packageName), params, byDialect));
    }

    /**
     * The form after an editor button that changes only what is on screen: {@code add-parameter},
     * {@code add-variant}, {@code remove-parameter-N}, {@code remove-variant-N}; anything else changes nothing.
     */
    TemplateForm rearranged(String action) {
        List<ParamRow> params = FormRows.removed(parameters, "remove-parameter-", action);
        List<VariantRow> texts = FormRows.removed(variants, "remove-variant-", action);
        if ("add-parameter".equals(action)) {
            params.add(new ParamRow(null, null, false, null, null));
        } else if ("add-variant".equals(action)) {
            texts.add(new VariantRow(null, null));
        }
        return new TemplateForm(version, name, description, packageName, params, texts);
    }


    private static String blank(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    /** A parameter definition; a row without a type is a STRING. */
    public record ParamRow(String name, String type, Boolean required, String defaultValue, String description) {

        public ParamRow {
            type = type == null || type.isBlank() ? ParameterType.STRING.name() : type;
            required = Boolean.TRUE.equals(required);
        }
    }

    /** The text for one dialect ("default" for all others). */
    public record VariantRow(String dialect, String text) {
    }
}
