package io.loadsmith.generation.model;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** A load as the generator and templates see it ({@code model.load}). Immutable. */
public record LoadModel(
        String name,
        EntityModel target,
        List<EntityModel> sources,
        List<StepModel> steps,
        Map<String, String> options) {

    public LoadModel {
        sources = List.copyOf(sources);
        steps = List.copyOf(steps);
        options = Map.copyOf(options);
    }

    public LoadModel mapEntities(UnaryOperator<EntityModel> mapper) {
        return new LoadModel(name, mapper.apply(target), sources.stream().map(mapper).toList(), steps, options);
    }
}
