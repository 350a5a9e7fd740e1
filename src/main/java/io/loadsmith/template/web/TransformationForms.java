package io.loadsmith.template.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.template.TransformationTypeRequest;
import io.loadsmith.template.TransformationTypeResponse;

/** The transformation type forms of the configuration pages (HTML form fields as the browser sends them). */
public final class TransformationForms {

    private TransformationForms() {
    }

    /** A stored transformation type being edited: its formulas by dialect ("default" for the others). */
    public static class TransformationEditForm {
        private Long version;
        private String name;
        private String description;
        private List<Formula> formulas = new ArrayList<>();

        static TransformationEditForm of(TransformationTypeResponse t) {
            TransformationEditForm form = new TransformationEditForm();
            form.version = t.version();
            form.name = t.name();
            form.description = t.description();
            t.formulas().forEach((dialect, text) -> {
                Formula f = new Formula();
                f.setDialect(dialect);
                f.setText(text);
                form.formulas.add(f);
            });
            return form;
        }

        TransformationTypeRequest toRequest() {
            Map<String, String> byDialect = new LinkedHashMap<>();
            formulas.forEach(f -> byDialect.put(f.dialect == null ? "" : f.dialect.strip(), f.text == null ? "" : f.text));
            return new TransformationTypeRequest(version, blank(name), blank(description), byDialect);
        }

        /** One dialect's formula. */
        public static class Formula {
            private String dialect;
            private String text;

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
        public List<Formula> getFormulas() { return formulas; }
        public void setFormulas(List<Formula> formulas) { this.formulas = formulas; }
    }

    /** A stored transformation type with its formula for one dialect (or "default"). */
    public static class TransformationForm {
        private String name;
        private String description;
        private String dialect = "default";
        private String formula;

        TransformationTypeRequest toRequest() {
            return new TransformationTypeRequest(null, blank(name), blank(description),
                    formula == null || formula.isBlank() ? Map.of()
                            : Map.of(dialect == null || dialect.isBlank() ? "default" : dialect.strip(), formula));
        }

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
        public String getDescription() { return description; }
        public void setDescription(String description) { this.description = description; }
        public String getDialect() { return dialect; }
        public void setDialect(String dialect) { this.dialect = dialect; }
        public String getFormula() { return formula; }
        public void setFormula(String formula) { this.formula = formula; }
    }

    private static String blank(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
