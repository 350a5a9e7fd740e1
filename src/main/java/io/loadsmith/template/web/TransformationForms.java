package io.loadsmith.template.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.template.TransformationTypeRequest;
import io.loadsmith.template.TransformationTypeResponse;
import io.loadsmith.web.FormFields;
import io.loadsmith.web.FormRows;

/** The transformation type forms of the configuration pages (HTML form fields as the browser sends them). */
public final class TransformationForms {

    private TransformationForms() {
    }

    /** A stored transformation type being edited: its formulas by dialect ("default" for the others). */
    public record TransformationEditForm(String version, String name, String description, List<Formula> formulas) {

        public TransformationEditForm {
            formulas = FormRows.bound(formulas, () -> new Formula(null, null));
        }

        static TransformationEditForm of(TransformationTypeResponse t) {
            List<Formula> formulas = new ArrayList<>();
            t.formulas().forEach((dialect, text) -> formulas.add(new Formula(dialect, text)));
            return new TransformationEditForm(String.valueOf(t.version()), t.name(),
                    t.description(), formulas);
        }

        TransformationTypeRequest toRequest() {
            Map<String, String> byDialect = new LinkedHashMap<>();
            formulas.forEach(f -> byDialect.put(f.dialect == null ? "" : f.dialect.strip(), f.text == null ? "" : f.text));
            FormFields fields = new FormFields();
            return fields.request(new TransformationTypeRequest(fields.whole("version", version), blank(name),
                    blank(description), byDialect));
        }

        /**
         * The form on screen after {@code add-formula} (one empty formula more) or {@code remove-formula-N}
         * (a row outside the list removes nothing); anything else changes nothing.
         */
        TransformationEditForm rearranged(String action) {
            List<Formula> rows = FormRows.removed(formulas, "remove-formula-", action);
            if ("add-formula".equals(action)) {
                rows.add(new Formula(null, null));
            }
            return new TransformationEditForm(version, name, description, rows);
        }

        /** One dialect's formula. */
        public record Formula(String dialect, String text) {
        }
    }

    /** A stored transformation type with its formula for one dialect (or "default"). */
    public record TransformationForm(String name, String description, String dialect, String formula) {

        static TransformationForm empty() {
            return new TransformationForm(null, null, "default", null);
        }

        TransformationTypeRequest toRequest() {
            return new TransformationTypeRequest(null, blank(name), blank(description),
                    formula == null || formula.isBlank() ? Map.of()
                            : Map.of(dialect == null || dialect.isBlank() ? "default" : dialect.strip(), formula));
        }
    }

    private static String blank(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
