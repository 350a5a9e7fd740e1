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

/** The template editor's form: typed parameter definitions and the FreeMarker text per variant. */
public class TemplateForm {

    private Long version;
    private String name;
    private String description;
    private String packageName;
    private List<ParamRow> parameters = new ArrayList<>();
    private List<VariantRow> variants = new ArrayList<>();

    public static TemplateForm empty() {
        TemplateForm form = new TemplateForm();
        form.variants.add(new VariantRow(TemplateDefinition.DEFAULT_VARIANT, ""));
        return form;
    }

    public static TemplateForm of(TemplateResponse t) {
        TemplateForm form = new TemplateForm();
        form.version = t.version();
        form.name = t.name();
        form.description = t.description();
        form.packageName = t.packageName();
        t.parameters().forEach(p -> form.parameters.add(ParamRow.of(p.name(), p.type(), p.required(), p.defaultValue(),
                p.description())));
        t.variants().forEach((dialect, text) -> form.variants.add(new VariantRow(dialect, text)));
        return form;
    }

    /** A shipped template as the starting point of a stored one (which then shadows it). */
    public static TemplateForm copyOf(TemplateDefinition d) {
        TemplateForm form = new TemplateForm();
        form.name = d.name();
        form.description = d.description();
        d.parameters().forEach(p -> form.parameters.add(ParamRow.of(p.name(), p.type(), p.required(), p.defaultValue(),
                p.description())));
        new TreeMap<>(d.variants()).forEach((dialect, text) -> form.variants.add(new VariantRow(dialect, text)));
        return form;
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

    /** A parameter definition. */
    public static class ParamRow {
        private String name;
        private ParameterType type = ParameterType.STRING;
        private boolean required;
        private String defaultValue;
        private String description;

        static ParamRow of(String name, ParameterType type, boolean required, String defaultValue, String description) {
            ParamRow row = new ParamRow();
            row.name = name;
            row.type = type == null ? ParameterType.STRING : type;
            row.required = required;
            row.defaultValue = defaultValue;
            row.description = description;
            return row;
        }

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
        public ParameterType getType() { return type; }
        public void setType(ParameterType type) { this.type = type; }
        public boolean isRequired() { return required; }
        public void setRequired(boolean required) { this.required = required; }
        public String getDefaultValue() { return defaultValue; }
        public void setDefaultValue(String defaultValue) { this.defaultValue = defaultValue; }
        public String getDescription() { return description; }
        public void setDescription(String description) { this.description = description; }
    }

    /** The text for one dialect ("default" for all others). */
    public static class VariantRow {
        private String dialect;
        private String text;

        public VariantRow() {
        }

        VariantRow(String dialect, String text) {
            this.dialect = dialect;
            this.text = text;
        }

        public String getDialect() { return dialect; }
        public void setDialect(String dialect) { this.dialect = dialect; }
        public String getText() { return text; }
        public void setText(String text) { this.text = text; }
    }

    public Long getVersion() { return version; }
    public void setVersion(Long version) { this.version = version; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getDescription() { return description; }
    public void setDescription(String description) { this.description = description; }
    public String getPackageName() { return packageName; }
    public void setPackageName(String packageName) { this.packageName = packageName; }
    public List<ParamRow> getParameters() { return parameters; }
    public void setParameters(List<ParamRow> parameters) { this.parameters = parameters; }
    public List<VariantRow> getVariants() { return variants; }
    public void setVariants(List<VariantRow> variants) { this.variants = variants; }
}
