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
        Map<String, String> options,
        List<MappingModel> mappings) {

    public LoadModel {
        sources = List.copyOf(sources);
        mappings = List.copyOf(mappings);
        steps = List.copyOf(steps);
        // Sorted, so a template that lists the options lists them in the same order on every JVM
        // (Map.copyOf's order changes from run to run).
        options = Collections.unmodifiableSortedMap(new TreeMap<>(Map.copyOf(options)));
    }

    /** A load without entity mappings. */
    public LoadModel(String name, EntityModel target, List<EntityModel> sources, List<StepModel> steps,
                     Map<String, String> options) {
        this(name, target, sources, steps, options, List.of());
    }

    public LoadModel mapEntities(UnaryOperator<EntityModel> mapper) {
        EntityModel mappedTarget = mapper.apply(target);
        return new LoadModel(name, mappedTarget, sources.stream().map(mapper).toList(), steps, options,
                mappings.stream().map(m -> m.mapEntities(mapper, mappedTarget)).toList());
    }
}
