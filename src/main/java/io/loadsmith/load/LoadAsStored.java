package io.loadsmith.load;

import java.util.ArrayList;
import java.util.List;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.model.LoadModel;

/**
 * A stored load as one read gives it: the generator's model, and what a form of it shows besides
 * (its row version, type, description and each step's kind), so that the live preview can tell a
 * form as saved from an edited one without reading the load a second time.
 */
public record LoadAsStored(LoadModel model, long version, LoadType loadType, String description,
                           List<StepKind> stepKinds) {

    public LoadAsStored {
        stepKinds = java.util.Collections.unmodifiableList(new ArrayList<>(stepKinds));
    }

    /** Its steps as the API writes them (the kind null where none was stored). */
    public List<StepJson> steps() {
        List<StepJson> steps = new ArrayList<>();
        for (int i = 0; i < model.steps().size(); i++) {
            var step = model.steps().get(i);
            steps.add(new StepJson(step.name(), step.type(), step.text(), stepKinds.get(i)));
        }
        return steps;
    }
}
