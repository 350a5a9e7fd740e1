package io.loadsmith.generation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.call.ParameterBinder;
import io.loadsmith.generation.call.Placeholders;
import io.loadsmith.generation.call.SqlComments;
import io.loadsmith.generation.call.TemplateCall;
import io.loadsmith.generation.call.TemplateCallParser;
import io.loadsmith.generation.catalog.ResolvedVariant;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateNotFoundException;
import io.loadsmith.generation.context.LoadsFunctions;
import io.loadsmith.generation.context.PlainValues;
import io.loadsmith.generation.context.TemplateData;
import io.loadsmith.generation.model.GenerationException.Location;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.render.FreemarkerEngine;
import io.loadsmith.generation.render.FreemarkerErrors;

/**
 * Generates the SQL of a load for a dialect, in named stages:
 * <ol>
 * <li>localize: physical datatypes of the dialect on every attribute;</li>
 * <li>expand: each {@code <ftltemplate:...>} call of each step, parsed, its arguments bound to the
 *     template's typed parameters, the template's variant for the dialect rendered;</li>
 * <li>substitute: known {@code <placeholders>} (load names, environment variables);</li>
 * <li>assemble: steps joined under the seed's headers {@code /* N. name (OVERRIDE - SQL) *&#47;}.</li>
 * </ol>
 * Every failure is a {@link GenerationException} that says load, step, template and line.
 * A call of a template that declares {@code fullRefresh} on a history target is checked against the
 * full-refresh policy ({@link FullRefreshGuard}) before it is rendered.
 */
public class LoadSqlGenerator {

    private final FreemarkerEngine engine;
    private final DialectRegistry dialects;
    private final ModelLocalizer localizer;
    private final FullRefreshGuard fullRefresh;

    /** With the seed's default full-refresh policies. */
    public LoadSqlGenerator(FreemarkerEngine engine, DialectRegistry dialects, ModelLocalizer localizer) {
        this(engine, dialects, localizer, FullRefreshSettings.defaults());
    }

    public LoadSqlGenerator(FreemarkerEngine engine, DialectRegistry dialects, ModelLocalizer localizer,
                            FullRefreshSettings fullRefreshSettings) {
        this.engine = engine;
        this.dialects = dialects;
        this.localizer = localizer;
        this.fullRefresh = new FullRefreshGuard(fullRefreshSettings);
    }

    /** Without any confirmation from the caller. */
    public GeneratedLoad generate(LoadModel neutral, String dialectName, Map<String, String> environment) {
        return generate(neutral, dialectName, environment, GenerationOptions.NONE);
    }

    public GeneratedLoad generate(LoadModel neutral, String dialectName, Map<String, String> environment,
                                  GenerationOptions options) {
        return GenerationMetrics.measure(dialects, neutral, dialectName,
                () -> engine.guarded(() -> generateUnmetered(neutral, dialectName, environment, options)));
    }

    private GeneratedLoad generateUnmetered(LoadModel neutral, String dialectName, Map<String, String> environment,
                                            GenerationOptions options) {
        Location at = Location.ofLoad(neutral.name());
        Dialect dialect;
        LoadModel load;
        try {
            dialect = dialects.get(dialectName);
        } catch (RuntimeException e) {
            throw new GenerationException(at, e.getMessage());
        }
        // Every entity's bad names at once (target and sources), each once, so one edit fixes the load.
        java.util.Set<String> problems = new java.util.LinkedHashSet<>();
        load = neutral.mapEntities(e -> {
            try {
                return localizer.localize(e, dialect);
            } catch (RuntimeException bad) {
                problems.add(bad.getMessage());
                return e;
            }
        });
        if (!problems.isEmpty()) {
            throw new GenerationException(at, String.join(" ", problems));
        }
        checkPlainValues(at, "environment variable", environment);
        load.options().forEach((name, value) -> PlainValues.optionProblem(name, value).ifPresent(problem -> {
            throw new GenerationException(at, "load option '" + name + "' " + problem);
        }));
        Map<String, String> placeholders = Placeholders.of(load, dialect.name(), environment);
        List<GeneratedLoad.GeneratedStep> steps = new ArrayList<>();
        StringBuilder sql = new StringBuilder();
        List<GeneratedLogic.PlannedStep> planned = GeneratedLogic.plan(load, at, name -> exists(name, dialect));
        List<String> runChecks = new ArrayList<>();
        for (int i = 0; i < planned.size(); i++) {
            StepModel step = planned.get(i).step();
            String kind = planned.get(i).kind();
            Location stepAt = at.atStep(i + 1, step.name());
            String expanded = expand(load, dialect, step, stepAt, options, placeholders, runChecks);
            String text = terminate(Placeholders.apply(expanded, placeholders).strip());
            steps.add(new GeneratedLoad.GeneratedStep(i + 1, step.name(), kind.substring(0, kind.indexOf(' ')), text));
            if (i > 0) {
                sql.append("\n\n");
            }
            sql.append("/* ").append(i + 1).append(". ").append(SqlComments.text(step.name()))
                    .append(" (").append(kind).append(") */\n").append(text);
        }
        sql.append('\n');
        return new GeneratedLoad(load.name(), dialect.name(), steps, sql.toString(),
                runChecks.stream().map(c -> terminate(Placeholders.apply(c, placeholders).strip())).toList());
    }

    private boolean exists(String template, Dialect dialect) {
        try {
            engine.catalog().resolve(TemplateKind.TEMPLATE, template, dialect);
            return true;
        } catch (TemplateNotFoundException e) {
            return false;
        }
    }

    /** Stored before {@link PlainValues} was enforced, or imported: refused here rather than written into SQL. */
    private static void checkPlainValues(Location at, String what, Map<String, String> values) {
        values.forEach((name, value) -> PlainValues.problem(value).ifPresent(problem -> {
            throw new GenerationException(at, what + " '" + name + "' " + problem);
        }));
    }

    private String expand(LoadModel load, Dialect dialect, StepModel step, Location at, GenerationOptions options,
                          Map<String, String> placeholders, List<String> runChecks) {
        List<TemplateCall> calls;
        try {
            calls = TemplateCallParser.parse(step.text());
        } catch (TemplateCallParser.SyntaxError e) {
            throw new GenerationException(new Location(at.load(), at.stepNumber(), at.step(), null, e.line, e.column),
                    e.getMessage());
        }
        StringBuilder out = new StringBuilder();
        int from = 0;
        for (TemplateCall call : calls) {
            out.append(step.text(), from, call.start());
            out.append(render(load, dialect, call, at.inTemplate(call.templateName(), call.line(), call.column()), options,
                    placeholders, runChecks));
            from = call.end();
        }
        out.append(step.text().substring(from));
        return out.toString();
    }

    private String render(LoadModel load, Dialect dialect, TemplateCall call, Location at, GenerationOptions options,
                          Map<String, String> placeholders, List<String> runChecks) {
        ResolvedVariant variant;
        Map<String, Object> arguments;
        try {
            variant = engine.catalog().resolve(TemplateKind.TEMPLATE, call.templateName(), dialect);
            arguments = ParameterBinder.bind(variant.definition(), call.arguments(), dialect, placeholders);
        } catch (TemplateNotFoundException | IllegalArgumentException e) {
            throw new GenerationException(at, e.getMessage());
        }
        checkFullRefresh(load, dialect, variant.definition(), arguments, at, options);
        Map<String, Object> data = TemplateData.forTemplate(load, dialect, formulas(load, dialect));
        data.putAll(arguments);
        // A template hands over the checks the whole run must pass first (lib/dv_history.ftl).
        data.put("runCheck", (freemarker.template.TemplateMethodModelEx) args -> {
            runChecks.add(String.valueOf(args.get(0)));
            return "";
        });
        try {
            return engine.render(dialect, TemplateKind.TEMPLATE.folder() + "/" + call.templateName(), data).strip();
        } catch (Exception e) {
            FreemarkerErrors.Described d = FreemarkerErrors.describe(e);
            String where = d.template() == null || d.template().equals("templates/" + call.templateName())
                    ? call.templateName() + " (" + variant.variant() + " variant)"
                    : call.templateName() + " -> " + d.template();
            throw new GenerationException(new Location(at.load(), at.stepNumber(), at.step(), where,
                    d.line(), d.column()), d.detail());
        }
    }

    /**
     * The arguments a template call of one of the load's steps binds to for the dialect, defaults
     * filled in, as when the load is generated (without an environment); for callers that must know
     * what a load does (a migration: which columns its change hash covers).
     *
     * @throws IllegalArgumentException when the template is unknown or the arguments do not bind
     */
    public Map<String, Object> arguments(LoadModel neutral, TemplateCall call, Dialect dialect) {
        try {
            TemplateDefinition template = engine.catalog().resolve(TemplateKind.TEMPLATE, call.templateName(), dialect)
                    .definition();
            return ParameterBinder.bind(template, call.arguments(), dialect,
                    Placeholders.of(neutral, dialect.name(), Map.of()));
        } catch (TemplateNotFoundException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** A full refresh (as the template declares it) of a history table needs the policy's consent. */
    private void checkFullRefresh(LoadModel load, Dialect dialect, TemplateDefinition template, Map<String, Object> arguments,
                                  Location at, GenerationOptions options) {
        if (!template.fullRefresh().holds(arguments, dialect::supports) || !fullRefresh.isHistoryTable(load.target())) {
            return;
        }
        fullRefresh.refusal(load.target(), template.historicalInput().holds(arguments, dialect::supports), options)
                .ifPresent(reason -> {
                    throw new GenerationException(at, reason);
                });
    }

    private LoadsFunctions.FormulaRenderer formulas(LoadModel load, Dialect dialect) {
        return (type, attributes, prefix, target) -> {
            Map<String, Object> data = TemplateData.forFormula(load, dialect, attributes, prefix, target);
            return engine.render(dialect, TemplateKind.FORMULA.folder() + "/" + type, data).strip();
        };
    }

    private static String terminate(String sql) {
        return sql.isEmpty() || sql.endsWith(";") ? sql : sql + ";";
    }

    /**
     * What a template sees for a load ({@code model}, {@code loads}, {@code sql}, {@code fn},
     * {@code dialect}), for callers that render other library texts with the same API (migrations).
     */
    public Map<String, Object> templateData(LoadModel load, Dialect dialect) {
        return TemplateData.forTemplate(load, dialect, formulas(load, dialect));
    }
}
