package io.loadsmith.generation;

import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Supplier;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.call.TemplateCallParser;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;

/**
 * Meters every load generation, whoever built the generator (the application's, the SQL package
 * exporter's, the designer's draft preview, the command line): {@code loadsmith.generation}, a timer
 * by dialect, templates called and outcome, and {@code loadsmith.generation.failures}, a counter by
 * dialect and kind. The meters go to Micrometer's global registry, which Spring Boot joins to its own
 * ({@code management.metrics.use-global-registry}, on by default); outside Spring they cost nothing.
 * Tag values come only from names that exist (canonical dialects, templates of a generation that
 * succeeded), so a preview of a half-typed template call cannot add a time series per keystroke.
 */
final class GenerationMetrics {

    static final String TIMER = "loadsmith.generation";
    static final String FAILURES = "loadsmith.generation.failures";

    private GenerationMetrics() {
    }

    static GeneratedLoad measure(DialectRegistry dialects, LoadModel load, String dialect,
                                 Supplier<GeneratedLoad> generation) {
        Timer.Sample sample = Timer.start(Metrics.globalRegistry);
        String templates = "none";
        String outcome = "failure";
        try {
            GeneratedLoad generated = generation.get();
            templates = templates(load);
            outcome = "success";
            return generated;
        } catch (RuntimeException e) {
            Counter.builder(FAILURES).description("Generations that failed, by where they failed")
                    .tags("dialect", canonical(dialects, dialect), "kind", kind(e)).register(Metrics.globalRegistry)
                    .increment();
            throw e;
        } finally {
            sample.stop(Timer.builder(TIMER).description("Generations of a load's SQL")
                    .tags("dialect", canonical(dialects, dialect), "template", templates, "outcome", outcome)
                    .register(Metrics.globalRegistry));
        }
    }

    /** The templates a load's steps call, sorted and joined ("scd2", "audit,scd2"); "none" for plain SQL. */
    private static String templates(LoadModel load) {
        TreeSet<String> names = new TreeSet<>();
        for (StepModel step : load.steps()) {
            try {
                TemplateCallParser.parse(step.text()).forEach(call -> names.add(call.templateName()));
            } catch (TemplateCallParser.SyntaxError e) {
                // Cannot happen after a successful generation, which parsed the same text.
            }
        }
        return names.isEmpty() ? "none" : String.join(",", names);
    }

    private static String canonical(DialectRegistry dialects, String dialect) {
        try {
            return dialects.get(Objects.requireNonNull(dialect)).name();
        } catch (RuntimeException unknown) {
            return "unknown";
        }
    }

    /**
     * Where it failed, from the failure's location: {@code load} (dialect, the model's datatypes),
     * {@code step} (template call syntax), {@code template} (unknown template, parameters, full-refresh
     * policy, rendering, the sandbox), {@code internal} (a fault, not the user's input).
     */
    static String kind(RuntimeException e) {
        if (!(e instanceof GenerationException generation)) {
            return "internal";
        }
        GenerationException.Location at = generation.location();
        if (at.stepNumber() == null) {
            return "load";
        }
        return at.template() == null ? "step" : "template";
    }
}
