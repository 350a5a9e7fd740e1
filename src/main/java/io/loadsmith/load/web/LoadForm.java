package io.loadsmith.load.web;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.StepKind;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.StepJson;
import io.loadsmith.web.FormFields;
import io.loadsmith.web.FormRows;

/**
 * The load page's form, bound through its constructor. Field names are the API's, so {@code steps[2].text}
 * problems land at step 3. Like every form record it keeps numbers and choices (version, load type, step
 * type) as the text the browser sent; {@link FormFields} types them and names the field that is not a value.
 */
public record LoadForm(String version, String name, String target, String loadType, String description,
                       List<String> sources, Map<String, String> options, List<StepRow> steps, MappingEditor mapping) {

    /** A field the browser did not send is empty; a step it skipped ({@code steps[0]}, {@code steps[2]}) is an empty SQL step. */
    public LoadForm {
        sources = sources == null ? List.of() : sources;
        options = options == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(options));
        steps = FormRows.bound(steps, StepRow::blank);
        mapping = mapping == null ? MappingEditor.NOT_EDITED : mapping;
    }

    public static LoadForm of(LoadResponse l) {
        return new LoadForm(FormFields.text(l.version()), l.name(), l.target(), FormFields.text(l.loadType()),
                l.description(), l.sources(), l.options(), l.steps().stream().map(StepRow::of).toList(), null);
    }

    /** The new-load form: a target and a name, nothing else yet. */
    static LoadForm start(String target, String name) {
        return new LoadForm(null, name, target, null, null, null, null, null, null);
    }

    /**
     * The columns a column-list parameter can pick from: the target's attributes, then the sources'
     * (each name once, in that order).
     */
    static List<String> columnsOf(LoadForm form, List<EntityResponse> entities) {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        List<String> wanted = new ArrayList<>();
        wanted.add(form.target);
        wanted.addAll(form.sources);
        for (String qualified : wanted) {
            entities.stream().filter(e -> e.qualifiedName().equals(qualified)).findFirst()
                    .ifPresent(e -> e.attributes().forEach(a -> names.add(a.name())));
        }
        return List.copyOf(names);
    }

    /** After a save the stored steps are read back; a step the user kept as SQL stays SQL. */
    LoadForm keepKinds(LoadForm submitted) {
        if (submitted.steps.size() != steps.size()) {
            return this;
        }
        List<StepRow> kept = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            StepRow row = steps.get(i);
            kept.add(StepRow.SQL.equals(submitted.steps.get(i).kind) && row.isTemplateStep() ? row.asSql() : row);
        }
        return withSteps(kept);
    }

    /**
     * The form on screen after an editor action that changes only the form: {@code refresh} (a template was
     * chosen: the step is named after it unless the user named it), {@code add-sql}, {@code add-template},
     * {@code remove-N}, {@code up-N}, {@code down-N}.
     */
    LoadForm rearranged(String action) {
        return withSteps(rearranged(steps, action));
    }

    /** The step editor's actions on a list of step rows, as a new list; the preset page's editor shares them. */
    public static List<StepRow> rearranged(List<StepRow> steps, String action) {
        if ("refresh".equals(action)) {
            return steps.stream().map(StepRow::namedAfterTemplate).toList();
        }
        if (action.startsWith("add-")) {
            List<StepRow> added = new ArrayList<>(steps);
            added.add("add-template".equals(action) ? StepRow.blank().withKind(StepRow.TEMPLATE) : StepRow.blank());
            return added;
        }
        return FormRows.moved(steps, action);
    }

    LoadForm withSteps(List<StepRow> rows) {
        return new LoadForm(version, name, target, loadType, description, sources, options, rows, mapping);
    }

    LoadForm withMapping(MappingEditor editor) {
        return new LoadForm(version, name, target, loadType, description, sources, options, steps, editor);
    }

    /** {@code templates} finds a template step's parameters, to type its values. */
    public LoadRequest toRequest(Function<String, Optional<TemplateDefinition>> templates) {
        FormFields fields = new FormFields();
        List<StepJson> stepJson = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            stepJson.add(steps.get(i).toJson(fields, "steps[" + i + "].", templates));
        }
        return fields.request(new LoadRequest(fields.whole("version", version), name == null ? null : name.strip(), target,
                fields.choice("loadType", loadType, LoadType.class),
                description == null || description.isBlank() ? null : description, sources, stepJson, options,
                mapping.isEdited() ? mapping.toMappings(fields) : null));
    }

    /**
     * One step: SQL text, or a template call edited as the template's parameters ({@code params[NAME]}).
     * The step type stays the text sent; a list parameter's several values (a column picker's ticks and its
     * "other" field) arrive joined by commas.
     */
    public record StepRow(String name, String type, String kind, String text, String template, Map<String, String> params) {
        public static final String SQL = "SQL";
        public static final String TEMPLATE = "TEMPLATE";

        /** A step sent without a type or kind is an OVERRIDE SQL step, as a new one is. */
        public StepRow {
            type = type == null ? StepType.OVERRIDE.name() : type;
            kind = kind == null ? SQL : kind;
            params = params == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(params));
        }

        public static StepRow blank() {
            return new StepRow(null, null, null, null, null, null);
        }

        public static StepRow of(StepJson s) {
            String type = FormFields.text(s.type());
            if (s.kind() == StepKind.SQL) {
                return new StepRow(s.name(), type, SQL, s.text(), null, null);
            }
            return TemplateStepText.parse(s.text())
                    .map(call -> new StepRow(s.name(), type, TEMPLATE, s.text(), call.template(), call.arguments()))
                    .orElseGet(() -> new StepRow(s.name(), type, SQL, s.text(), null, null));
        }

        StepRow withKind(String newKind) {
            return new StepRow(name, type, newKind, text, template, params);
        }

        /** The step as an SQL step that keeps its text (a call typed into an SQL step). */
        StepRow asSql() {
            return new StepRow(name, type, SQL, text, null, null);
        }

        /** A template step left unnamed takes its template's name. */
        StepRow namedAfterTemplate() {
            return (name == null || name.isBlank()) && template != null && !template.isBlank()
                    ? new StepRow(template, type, kind, text, template, params) : this;
        }

        /** The step as the service takes it; a type that is no step type is a problem at {@code path + "type"}. */
        public StepJson toJson(FormFields fields, String path, Function<String, Optional<TemplateDefinition>> templates) {
            String written = text(templates);
            StepType typed = fields.choice(path + "type", type, StepType.class);
            return new StepJson(name == null ? "" : name.strip(), typed == null ? StepType.OVERRIDE : typed, written,
                    storedKind(written));
        }

        /** SQL only where the text alone would show the step as a template call; else inferred (null). */
        public StepKind storedKind(String text) {
            return !TEMPLATE.equals(kind) && TemplateStepText.parse(text).isPresent() ? StepKind.SQL : null;
        }

        public String text(Function<String, Optional<TemplateDefinition>> templates) {
            if (!TEMPLATE.equals(kind)) {
                return text == null ? "" : text;
            }
            if (template == null || template.isBlank()) {
                return "";
            }
            return templates.apply(template)
                    .map(d -> TemplateStepText.compose(template, d.parameters(), picked(d)))
                    // An unknown template keeps what was given, so the service names it in its message.
                    .orElseGet(() -> "<ftltemplate:" + template + ">");
        }

        /**
         * A column picker sends a list parameter as several values (ticked columns, then the "other"
         * field), which arrive joined by commas: written back as one clean list.
         */
        private Map<String, String> picked(TemplateDefinition d) {
            Map<String, String> values = new LinkedHashMap<>(params);
            for (ParameterDefinition p : d.parameters()) {
                if ((p.type() == ParameterType.LIST
                        || p.type() == ParameterType.IDENTIFIER_LIST) && values.get(p.name()) != null) {
                    values.put(p.name(), String.join(",", listValues(p.name())));
                }
            }
            return values;
        }

        public boolean isTemplateStep() {
            return TEMPLATE.equals(kind);
        }

        /** The values of a list parameter, split at the commas. */
        public List<String> listValues(String parameter) {
            String value = params.get(parameter);
            return value == null || value.isBlank() ? List.of()
                    : Arrays.stream(value.split(",")).map(String::strip).filter(v -> !v.isEmpty()).toList();
        }

        /** The list values that are not among {@code choices}, joined again: what the "other" field shows. */
        public String otherValues(String parameter, List<String> choices) {
            return String.join(",", listValues(parameter).stream().filter(v -> !choices.contains(v)).toList());
        }

        /**
         * The part of a step's error that is about one parameter ("parameter 'x' is…", "missing
         * required parameter 'x'", "unknown parameter 'x'"), or null: shown at that parameter's field.
         */
        public static String problemOf(String message, String parameter) {
            if (message == null) {
                return null;
            }
            String quoted = "parameter '" + parameter + "'";
            List<String> found = new ArrayList<>();
            for (String part : message.split("; ")) {
                int at = part.indexOf(quoted);
                if (at >= 0) {
                    String before = part.substring(0, at);
                    int start = before.endsWith("missing required ") ? at - "missing required ".length()
                            : before.endsWith("unknown ") ? at - "unknown ".length() : at;
                    found.add(part.substring(start));
                }
            }
            return found.isEmpty() ? null : String.join("; ", found);
        }
    }
}
