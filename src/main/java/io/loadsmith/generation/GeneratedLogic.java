package io.loadsmith.generation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

import io.loadsmith.generation.model.GenerationException.Location;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/**
 * The steps a load runs: its own, and, when it has exactly one entity mapping and no OVERRIDE
 * step, a main step generated from the library template {@code generated_<entity type>} between its
 * PRE and POST steps. The template is an ordinary library template, so a team can store its own
 * {@code generated_hub} and every generated hub load follows it.
 */
final class GeneratedLogic {

    /** A step to render and the kind its header names: {@code PRE - SQL}, {@code GENERATED - HUB}. */
    record PlannedStep(StepModel step, String kind) {
    }

    /** Entity types whose generated logic is a view whatever the target's physical type (rule 27). */
    private static final List<String> VIEW_TYPES = List.of("SAT_C", "SAT_MA_C");

    private GeneratedLogic() {
    }

    static List<PlannedStep> plan(LoadModel load, Location at, Predicate<String> templateExists) {
        List<PlannedStep> planned = new ArrayList<>();
        boolean overridden = load.steps().stream().anyMatch(s -> s.type() == StepType.OVERRIDE);
        if (overridden || load.mappings().isEmpty()) {
            load.steps().forEach(s -> planned.add(new PlannedStep(s, s.type().name() + " - SQL")));
            return planned;
        }
        if (load.mappings().size() > 1) {
            throw new GenerationException(at, "the load has " + load.mappings().size() + " entity mappings ("
                    + String.join(", ", load.mappings().stream().map(m -> "'" + m.name() + "'").toList())
                    + ") and no OVERRIDE step: generated logic reads exactly one mapping; remove the others"
                    + " or write the load's SQL in an OVERRIDE step.");
        }
        String template = template(load, at);
        if (!templateExists.test(template)) {
            throw new GenerationException(at, "the target " + load.target().qualifiedName() + " is of entity type "
                    + load.target().entityType() + ", for which the library has no generated logic (no template "
                    + template + "; there are generated_hub, generated_link, generated_sat, generated_psa,"
                    + " generated_stage, generated_generic, generated_view, generated_sat_c, generated_sat_ma, generated_sat_ma_c,"
                    + " generated_s_sat, generated_ref, generated_dim and generated_fact), so mapping '"
                    + load.mappings().get(0).name() + "' cannot be loaded without an OVERRIDE step.");
        }
        String type = load.target().entityType().toUpperCase(Locale.ROOT);
        String label = "generated_view".equals(template) ? type + " VIEW" : type;
        load.steps().stream().filter(s -> s.type() == StepType.PRE)
                .forEach(s -> planned.add(new PlannedStep(s, "PRE - SQL")));
        planned.add(new PlannedStep(new StepModel(load.name(), StepType.OVERRIDE, "<ftltemplate:" + template + ">"),
                "GENERATED - " + label));
        load.steps().stream().filter(s -> s.type() == StepType.POST)
                .forEach(s -> planned.add(new PlannedStep(s, "POST - SQL")));
        return planned;
    }

    /** generated_hub, generated_sat, ...; generated_view for any other entity type materialized as a view. */
    private static String template(LoadModel load, Location at) {
        String type = load.target().entityType();
        if (type == null || !type.matches("[A-Za-z][A-Za-z0-9_]*")) {
            throw new GenerationException(at, "the target " + load.target().qualifiedName() + " has no entity type"
                    + " (HUB, LINK, SAT, ...), so its logic cannot be generated from mapping '"
                    + load.mappings().get(0).name() + "'; give the entity a type or write an OVERRIDE step.");
        }
        String upper = type.toUpperCase(Locale.ROOT);
        if (!VIEW_TYPES.contains(upper) && "VIEW".equalsIgnoreCase(load.target().physicalType())) {
            return "generated_view";
        }
        return "generated_" + upper.toLowerCase(Locale.ROOT);
    }
}
