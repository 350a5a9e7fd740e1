package io.loadsmith.generation;

import java.util.List;

/**
 * The SQL of a load for a dialect: per step, and the whole text with the seed's step headers.
 * {@code runChecks}: the statements of the load's own checks that a run must also execute before its
 * first write (rule 17 for the whole run: the SQL package's checks file), each as the load runs it.
 */
public record GeneratedLoad(String load, String dialect, List<GeneratedStep> steps, String sql, List<String> runChecks) {

    public GeneratedLoad {
        steps = List.copyOf(steps);
        runChecks = List.copyOf(runChecks);
    }

    /** A load without run checks. */
    public GeneratedLoad(String load, String dialect, List<GeneratedStep> steps, String sql) {
        this(load, dialect, steps, sql, List.of());
    }

    /** One step after template expansion and placeholder substitution. */
    public record GeneratedStep(int number, String name, String type, String sql) {
    }
}
