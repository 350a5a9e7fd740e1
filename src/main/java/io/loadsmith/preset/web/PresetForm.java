package io.loadsmith.preset.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.StepJson;
import io.loadsmith.load.web.LoadForm;
import io.loadsmith.load.web.LoadForm.StepRow;
import io.loadsmith.preset.PresetRequest;
import io.loadsmith.preset.PresetResponse;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.web.FormFields;
import io.loadsmith.web.FormRows;
import io.loadsmith.web.NameValueLines;

/**
 * The preset page's form, bound through its constructor. Field names are the API's ({@code steps[1].text},
 * {@code uses[0].entityType}), so a problem the service reports lands at its field. Steps are the load
 * page's rows: SQL, or a template call edited as the template's typed parameters. The page always shows
 * one empty use to fill in; a use row without an entity type is not sent on, nor a step without name and
 * text. Numbers and choices stay the text sent until {@link FormFields} types them.
 */
public record PresetForm(String version, String name, String description, String packageName, String options,
                         String offeredToTypes, List<StepRow> steps, List<Use> uses) {

    /** A row the browser skipped is an empty row in its place. */
    public PresetForm {
        options = options == null ? "" : options;
        steps = FormRows.bound(steps, StepRow::blank);
        uses = FormRows.bound(uses, () -> new Use(null, null, null, false));
    }

    static PresetForm empty() {
        return new PresetForm(null, null, null, null, null, null, null, null);
    }

    public static PresetForm of(PresetResponse p, String offeredToTypes) {
        return new PresetForm(FormFields.text(p.version()), p.name(), p.description(), p.packageName(),
                NameValueLines.lines(p.options()), offeredToTypes, p.steps().stream().map(StepRow::of).toList(),
                p.uses().stream().map(u -> new Use(u.entityType(), FormFields.text(u.loadType()), FormFields.text(u.position()),
                        u.isDefault())).toList());
    }

    /** A new preset that starts as a copy of a load's steps and options ("save this load as a preset"). */
    public static PresetForm copyOf(LoadResponse load) {
        return new PresetForm(null, load.name() + "_preset", "From load " + load.name(), null,
                NameValueLines.lines(load.options()), null, load.steps().stream().map(StepRow::of).toList(), null);
    }

    /** What the page shows: the rows, plus one empty use to fill in. */
    PresetForm withBlankUse() {
        if (!uses.isEmpty() && uses.get(uses.size() - 1).blank()) {
            return this;
        }
        List<Use> more = new ArrayList<>(uses);
        more.add(new Use(null, LoadType.TRANSFORM_PERSIST.name(), null, false));
        return new PresetForm(version, name, description, packageName, options, offeredToTypes, steps, more);
    }

    /**
     * The form on screen after an editor action that changes only the form, as on the load page: {@code refresh}
     * (a template was chosen), {@code add-sql}, {@code add-template}, {@code remove-N}, {@code up-N}, {@code down-N}.
     */
    PresetForm rearranged(String action) {
        return new PresetForm(version, name, description, packageName, options, offeredToTypes,
                LoadForm.rearranged(steps, action), uses);
    }

    /** {@code templates} finds a template step's parameters, to write its call from the typed values. */
    PresetRequest toRequest(Function<String, Optional<TemplateDefinition>> templates) {
        FormFields fields = new FormFields();
        List<StepJson> stepJson = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            StepJson step = steps.get(i).toJson(fields, "steps[" + i + "].", templates);
            if (!step.name().isBlank() || !step.text().isBlank()) {
                stepJson.add(step);
            }
        }
        List<PresetRequest.Use> useJson = new ArrayList<>();
        for (int i = 0; i < uses.size(); i++) {
            uses.get(i).toJson(fields, "uses[" + i + "].").ifPresent(useJson::add);
        }
        return fields.request(new PresetRequest(fields.whole("version", version), strip(name), blankToNull(description),
                blankToNull(packageName), stepJson, options(fields), useJson));
    }

    /** The options' lines; a line that is not NAME=value is a problem at the field, beside any other. */
    private Map<String, String> options(FormFields fields) {
        try {
            return NameValueLines.parse("options", options);
        } catch (InvalidRequestException e) {
            for (FieldProblem p : e.errors()) {
                fields.refuse(p.field(), p.value(), p.message());
            }
            return Map.of();
        }
    }

    private static String strip(String value) {
        return value == null ? null : value.strip();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** An entity type and load type that offer the preset; the default checkbox is unticked unless sent as true. */
    public record Use(String entityType, String loadType, String position, Boolean isDefault) {

        public Use {
            isDefault = Boolean.TRUE.equals(isDefault);
        }

        boolean blank() {
            return entityType == null || entityType.isBlank();
        }

        /** The use as the service takes it, none for a row without entity type; a load type left out is TRANSFORM_PERSIST. */
        Optional<PresetRequest.Use> toJson(FormFields fields, String path) {
            if (blank()) {
                return Optional.empty();
            }
            LoadType type = fields.choice(path + "loadType", loadType, LoadType.class);
            return Optional.of(new PresetRequest.Use(entityType, type == null ? LoadType.TRANSFORM_PERSIST : type,
                    fields.integer(path + "position", position), isDefault));
        }
    }
}
