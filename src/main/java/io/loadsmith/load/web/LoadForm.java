package io.loadsmith.load.web;

import java.util.ArrayList;
import java.util.Arrays;
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
import io.loadsmith.web.FormRows;

/** The load page's form. Field names are the API's, so {@code steps[2].text} problems land at step 3. */
public class LoadForm {

    private Long version;
    private String name;
    private String target;
    private LoadType loadType;
    private String description;
    private List<String> sources = new ArrayList<>();
    private Map<String, String> options = new LinkedHashMap<>();
    private List<StepRow> steps = new ArrayList<>();
    private MappingEditor mapping = new MappingEditor();

    public static LoadForm of(LoadResponse l) {
        LoadForm form = new LoadForm();
        form.version = l.version();
        form.name = l.name();
        form.target = l.target();
        form.loadType = l.loadType();
        form.description = l.description();
        form.sources = new ArrayList<>(l.sources());
        form.options = new LinkedHashMap<>(l.options());
        l.steps().forEach(s -> form.steps.add(StepRow.of(s)));
        return form;
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
        if (submitted.steps.size() == steps.size()) {
            for (int i = 0; i < steps.size(); i++) {
                StepRow row = steps.get(i);
                if (SQL_KIND.equals(submitted.steps.get(i).kind) && row.isTemplateStep()) {
                    row.kind = StepRow.SQL;
                    row.template = null;
                    row.params = new LinkedHashMap<>();
                }
            }
        }
        return this;
    }

    private static final String SQL_KIND = StepRow.SQL;

    /**
     * An editor action that changes only the form on screen: {@code refresh} (a template was chosen:
     * the step is named after it unless the user named it), {@code add-sql}, {@code add-template},
     * {@code remove-N}, {@code up-N}, {@code down-N}.
     */
    void rearrange(String action) {
        if ("refresh".equals(action)) {
            steps.stream().filter(s -> (s.getName() == null || s.getName().isBlank())
                    && s.getTemplate() != null && !s.getTemplate().isBlank()).forEach(s -> s.setName(s.getTemplate()));
            return;
        }
        if (action.startsWith("add-")) {
            StepRow row = new StepRow();
            row.setType(StepType.OVERRIDE);
            row.setKind("add-template".equals(action) ? StepRow.TEMPLATE : StepRow.SQL);
            steps.add(row);
            return;
        }
        FormRows.move(steps, action);
    }

    /** {@code templates} finds a template step's parameters, to type its values. */
    public LoadRequest toRequest(Function<String, Optional<TemplateDefinition>> templates) {
        List<StepJson> stepJson = steps.stream().map(s -> {
            String text = s.text(templates);
            return new StepJson(s.name == null ? "" : s.name.strip(), s.type == null ? StepType.OVERRIDE : s.type, text,
                    s.storedKind(text));
        }).toList();
        return new LoadRequest(version, name == null ? null : name.strip(), target, loadType,
                description == null || description.isBlank() ? null : description, sources, stepJson, options,
                mapping.isEdited() ? mapping.toMappings() : null);
    }

    /** One step: SQL text, or a template call edited as the template's parameters. */
    public static class StepRow {
        public static final String SQL = "SQL";
        public static final String TEMPLATE = "TEMPLATE";

        private String name;
        private StepType type = StepType.OVERRIDE;
        private String kind = SQL;
        private String text;
        private String template;
        private Map<String, String> params = new LinkedHashMap<>();

        public static StepRow of(StepJson s) {
            StepRow row = new StepRow();
            row.name = s.name();
            row.type = s.type();
            row.text = s.text();
            if (s.kind() == StepKind.SQL) {
                return row;
            }
            TemplateStepText.parse(s.text()).ifPresent(call -> {
                row.kind = TEMPLATE;
                row.template = call.template();
                row.params = new LinkedHashMap<>(call.arguments());
            });
            return row;
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

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
        public StepType getType() { return type; }
        public void setType(StepType type) { this.type = type; }
        public String getKind() { return kind; }
        public void setKind(String kind) { this.kind = kind; }
        public String getText() { return text; }
        public void setText(String text) { this.text = text; }
        public String getTemplate() { return template; }
        public void setTemplate(String template) { this.template = template; }
        public Map<String, String> getParams() { return params; }
        public void setParams(Map<String, String> params) { this.params = params; }
        public boolean isTemplateStep() { return TEMPLATE.equals(kind); }

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

    public Long getVersion() { return version; }
    public void setVersion(Long version) { this.version = version; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getTarget() { return target; }
    public void setTarget(String target) { this.target = target; }
    public LoadType getLoadType() { return loadType; }
    public void setLoadType(LoadType loadType) { this.loadType = loadType; }
    public String getDescription() { return description; }
    public void setDescription(String description) { this.description = description; }
    public List<String> getSources() { return sources; }
    public void setSources(List<String> sources) { this.sources = sources; }
    public Map<String, String> getOptions() { return options; }
    public void setOptions(Map<String, String> options) { this.options = options; }
    public List<StepRow> getSteps() { return steps; }
    public MappingEditor getMapping() { return mapping; }
    public void setMapping(MappingEditor mapping) { this.mapping = mapping; }
    public void setSteps(List<StepRow> steps) { this.steps = steps; }
}
