package io.loadsmith.preset.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.StepJson;
import io.loadsmith.load.web.LoadForm.StepRow;
import io.loadsmith.preset.PresetRequest;
import io.loadsmith.preset.PresetResponse;
import io.loadsmith.web.FormRows;
import io.loadsmith.web.NameValueLines;

/**
 * The preset page's form. Field names are the API's ({@code steps[1].text}, {@code uses[0].entityType}),
 * so a problem the service reports lands at its field. Steps are the load page's rows: SQL, or a
 * template call edited as the template's typed parameters. The page always shows one empty use to
 * fill in; a use row without an entity type is not sent on, nor a step without name and text.
 */
public class PresetForm {

    private Long version;
    private String name;
    private String description;
    private String packageName;
    private String options = "";
    private String offeredToTypes;
    private List<StepRow> steps = new ArrayList<>();
    private List<Use> uses = new ArrayList<>();

    public static PresetForm of(PresetResponse p, String offeredToTypes) {
        PresetForm form = new PresetForm();
        form.version = p.version();
        form.name = p.name();
        form.description = p.description();
        form.packageName = p.packageName();
        form.options = NameValueLines.lines(p.options());
        form.offeredToTypes = offeredToTypes;
        p.steps().forEach(s -> form.steps.add(StepRow.of(s)));
        p.uses().forEach(u -> form.uses.add(new Use(u.entityType(), u.loadType(), u.position(), Boolean.TRUE.equals(u.isDefault()))));
        return form;
    }

    /** A new preset that starts as a copy of a load's steps and options ("save this load as a preset"). */
    public static PresetForm copyOf(LoadResponse load) {
        PresetForm form = new PresetForm();
        form.name = load.name() + "_preset";
        form.description = "From load " + load.name();
        form.options = NameValueLines.lines(load.options());
        load.steps().forEach(s -> form.steps.add(StepRow.of(s)));
        return form;
    }

    /** What the page shows: the rows, plus one empty use to fill in. */
    PresetForm withBlankUse() {
        if (uses.isEmpty() || !uses.get(uses.size() - 1).blank()) {
            uses.add(new Use(null, LoadType.TRANSFORM_PERSIST, null, false));
        }
        return this;
    }

    /**
     * An editor action that changes only the form on screen, as on the load page: {@code refresh}
     * (a template was chosen), {@code add-sql}, {@code add-template}, {@code remove-N}, {@code up-N}, {@code down-N}.
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

    /** {@code templates} finds a template step's parameters, to write its call from the typed values. */
    PresetRequest toRequest(Function<String, Optional<TemplateDefinition>> templates) {
        List<StepJson> stepJson = new ArrayList<>();
        for (StepRow s : steps) {
            String text = s.text(templates);
            if ((s.getName() == null || s.getName().isBlank()) && text.isBlank()) {
                continue;
            }
            stepJson.add(new StepJson(strip(s.getName()), s.getType() == null ? StepType.OVERRIDE : s.getType(), text,
                    s.storedKind(text)));
        }
        List<PresetRequest.Use> useJson = uses.stream().filter(u -> !u.blank())
                .map(u -> new PresetRequest.Use(u.entityType, u.loadType == null ? LoadType.TRANSFORM_PERSIST : u.loadType,
                        u.position, u.isDefault)).toList();
        return new PresetRequest(version, strip(name), blankToNull(description), blankToNull(packageName), stepJson,
                NameValueLines.parse("options", options), useJson);
    }

    private static String strip(String value) {
        return value == null ? null : value.strip();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** An entity type and load type that offer the preset. */
    public static class Use {
        private String entityType;
        private LoadType loadType;
        private Integer position;
        private boolean isDefault;

        public Use() {
        }

        Use(String entityType, LoadType loadType, Integer position, boolean isDefault) {
            this.entityType = entityType;
            this.loadType = loadType;
            this.position = position;
            this.isDefault = isDefault;
        }

        boolean blank() {
            return entityType == null || entityType.isBlank();
        }

        public String getEntityType() { return entityType; }
        public void setEntityType(String entityType) { this.entityType = entityType; }
        public LoadType getLoadType() { return loadType; }
        public void setLoadType(LoadType loadType) { this.loadType = loadType; }
        public Integer getPosition() { return position; }
        public void setPosition(Integer position) { this.position = position; }
        public boolean getIsDefault() { return isDefault; }
        public void setIsDefault(boolean isDefault) { this.isDefault = isDefault; }
    }

    public Long getVersion() { return version; }
    public void setVersion(Long version) { this.version = version; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getDescription() { return description; }
    public void setDescription(String description) { this.description = description; }
    public String getPackageName() { return packageName; }
    public void setPackageName(String packageName) { this.packageName = packageName; }
    public String getOptions() { return options; }
    public void setOptions(String options) { this.options = options; }
    public String getOfferedToTypes() { return offeredToTypes; }
    public void setOfferedToTypes(String offeredToTypes) { this.offeredToTypes = offeredToTypes; }
    public List<StepRow> getSteps() { return steps; }
    public void setSteps(List<StepRow> steps) { this.steps = steps; }
    public List<Use> getUses() { return uses; }
    public void setUses(List<Use> uses) { this.uses = uses; }
}
