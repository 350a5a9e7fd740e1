package io.loadsmith.generation.model;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
        // Sorted, so a template that lists the options lists them in the same order on every JVM
        // (Map.copyOf's order changes from run to run).
        options = Collections.unmodifiableSortedMap(new TreeMap<>(Map.copyOf(options)));
    }

    public LoadModel mapEntities(UnaryOperator<EntityModel> mapper) {
        return new LoadModel(name, mapper.apply(target), sources.stream().map(mapper).toList(), steps, options);
    }
}
