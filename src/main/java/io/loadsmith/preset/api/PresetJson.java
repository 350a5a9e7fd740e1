package io.loadsmith.preset.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.load.StepJson;
import io.loadsmith.load.web.TemplateStepText;
import io.loadsmith.preset.PresetRequest;
import io.loadsmith.preset.PresetResponse;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A preset as the API answers it: the stored preset plus, for each step that is one template call,
 * the template's parameters with their types and the values the call gives, as the preset page's
 * typed editor shows them. Only an answer: requests leave templateSteps out (it is ignored).
 */
record PresetJson(long id, long version, String name, String description, String packageName,
                  List<StepJson> steps, Map<String, String> options, List<PresetRequest.Use> uses,
                  @Schema(description = "Read only: each step that calls one template, with the template's parameters,"
                          + " their types and the values the call gives")
                  List<PresetTemplateStep> templateSteps) {

    /** Step {@code step} (0-based, in steps) calls {@code template}; a template no longer defined has no parameters. */
    record PresetTemplateStep(int step, String name, String template, boolean defined, List<PresetParameter> parameters) {
    }

    /** A parameter of the template: its type (IDENTIFIER, IDENTIFIER_LIST, BOOLEAN, INTEGER, …) and the call's value, null when not given. */
    record PresetParameter(String name, String type, boolean required, String defaultValue, List<String> values, String value) {
    }

    static PresetJson of(PresetResponse p, TemplateLookup templates) {
        List<PresetTemplateStep> calls = new ArrayList<>();
        for (int i = 0; i < p.steps().size(); i++) {
            StepJson step = p.steps().get(i);
            int at = i;
            TemplateStepText.parse(step.text()).ifPresent(call -> {
                var definition = templates.find(call.template());
                List<PresetParameter> parameters = new ArrayList<>();
                for (ParameterDefinition d : definition.map(t -> t.parameters()).orElse(List.of())) {
                    parameters.add(new PresetParameter(d.name(), d.type().name(), d.required(), d.defaultValue(), d.values(),
                            call.arguments().get(d.name())));
                }
                calls.add(new PresetTemplateStep(at, step.name(), call.template(), definition.isPresent(), parameters));
            });
        }
        return new PresetJson(p.id(), p.version(), p.name(), p.description(), p.packageName(), p.steps(), p.options(),
                p.uses(), calls);
    }
}
