package io.loadsmith.generation;

import java.util.List;

/** The SQL of a load for a dialect: per step, and the whole text with the seed's step headers. */
public record GeneratedLoad(String load, String dialect, List<GeneratedStep> steps, String sql) {

    public GeneratedLoad {
        steps = List.copyOf(steps);
    }

    /** One step after template expansion and placeholder substitution. */
    public record GeneratedStep(int number, String name, String type, String sql) {
    }
}
