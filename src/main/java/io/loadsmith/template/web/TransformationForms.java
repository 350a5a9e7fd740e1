package io.loadsmith.template.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.template.TransformationTypeRequest;
import io.loadsmith.template.TransformationTypeResponse;

/**
 * The transformation type forms of the configuration pages (HTML form fields as the browser sends them),
 * bound through their constructors: a form is a value, and a page action makes a new one.
 */
public final class TransformationForms {

    private TransformationForms() {
    }

    /** A stored transformation type being edited: its formulas by dialect ("default" for the others). */
    public record TransformationEditForm(Long version, String name, String description, List<Formula> formulas) {

        /** No formula rows sent is none; a row the browser skipped (formulas[2] without [1]) is an empty one. */
        public TransformationEditForm {
            formulas = formulas == null ? List.of()
                    : formulas.stream().map(f -> f == null ? new Formula(null, null) : f).toList();
        }

        static TransformationEditForm of(TransformationTypeResponse t) {
            List<Formula> formulas = new ArrayList<>();
            t.formulas().forEach((dialect, text) -> formulas.add(new Formula(dialect, text)));
            return new TransformationEditForm(t.version(), t.name(), t.description(), formulas);
        }

        /** The form with an empty formula row at the end. */
        TransformationEditForm withNewFormula() {
            List<Formula> more = new ArrayList<>(formulas);
            more.add(new Formula(null, null));
            return new TransformationEditForm(version, name, description, more);
        }

        /** The form without the row at {@code index}; as it is when there is no such row. */
        TransformationEditForm withoutFormula(int index) {
            if (index < 0 || index >= formulas.size()) {
                return this;
            }
            List<Formula> fewer = new ArrayList<>(formulas);
            fewer.remove(index);
            return new TransformationEditForm(version, name, description, fewer);
        }

        TransformationTypeRequest toRequest() {
            Map<String, String> byDialect = new LinkedHashMap<>();
            formulas.forEach(f -> byDialect.put(f.dialect == null ? "" : f.dialect.strip(), f.text == null ? "" : f.text));
            return new TransformationTypeRequest(version, blank(name), blank(description), byDialect);
        }

        /** One dialect's formula. */
        public record Formula(String dialect, String text) {
        }
    }

    /** A stored transformation type with its formula for one dialect ("default" when none is chosen). */
    public record TransformationForm(String name, String description, String dialect, String formula) {

        /** The empty form of the configuration page, its dialect preset to "default". */
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
