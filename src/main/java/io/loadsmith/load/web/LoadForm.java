package io.loadsmith.load.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.api.LoadRequest;
import io.loadsmith.load.api.LoadResponse;
import io.loadsmith.load.api.StepJson;

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

    /** {@code templates} finds a template step's parameters, to type its values. */
    public LoadRequest toRequest(java.util.function.Function<String, java.util.Optional<TemplateDefinition>> templates) {
        List<StepJson> stepJson = steps.stream().map(s -> new StepJson(s.name == null ? "" : s.name.strip(),
                s.type == null ? StepType.OVERRIDE : s.type, s.text(templates))).toList();
        return new LoadRequest(version, name == null ? null : name.strip(), target, loadType,
                description == null || description.isBlank() ? null : description, sources, stepJson, options);
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

        static StepRow of(StepJson s) {
            StepRow row = new StepRow();
            row.name = s.name();
            row.type = s.type();
            row.text = s.text();
            TemplateStepText.parse(s.text()).ifPresent(call -> {
                row.kind = TEMPLATE;
                row.template = call.template();
                row.params = new LinkedHashMap<>(call.arguments());
            });
            return row;
        }

        String text(java.util.function.Function<String, java.util.Optional<TemplateDefinition>> templates) {
            if (!TEMPLATE.equals(kind)) {
                return text == null ? "" : text;
            }
            if (template == null || template.isBlank()) {
                return "";
            }
            return templates.apply(template)
                    .map(d -> TemplateStepText.compose(template, d.parameters(), params))
                    // An unknown template keeps what was given, so the service names it in its message.
                    .orElseGet(() -> "<ftltemplate:" + template + ">");
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
    public void setSteps(List<StepRow> steps) { this.steps = steps; }
}
