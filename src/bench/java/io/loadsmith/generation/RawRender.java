package io.loadsmith.generation;

import java.io.StringWriter;
import java.util.Map;

import freemarker.template.Template;
import io.loadsmith.dialect.Dialect;
import io.loadsmith.generation.call.ParameterBinder;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.context.TemplateData;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.render.FreemarkerEngine;

/**
 * The baseline of the generator benchmark: FreeMarker alone, rendering the cached template with a
 * data model built beforehand, no parsing of steps, no localizing, no placeholders.
 */
public final class RawRender {

    private final Template template;
    private final Dialect dialect;
    private final FreemarkerEngine engine;
    private final String templateName;

    public RawRender(FreemarkerEngine engine, Dialect dialect, String templateName) throws Exception {
        this.engine = engine;
        this.dialect = dialect;
        this.templateName = templateName.substring(templateName.indexOf('/') + 1);
        // Top-level templates come from the catalog, not the configuration's loader (lib/*.ftl only):
        // parsed once here as the engine parses them, then processed bare.
        int slash = templateName.indexOf('/');
        String text = engine.catalog().resolve(TemplateKind.ofFolder(templateName.substring(0, slash)),
                templateName.substring(slash + 1), dialect).body();
        this.template = engine.parse(dialect, templateName, text);
    }

    /** The data model of one load, physical types filled in; built outside the timed section. */
    public Map<String, Object> prebuild(LoadModel neutral, ModelLocalizer localizer, Map<String, Object> parameters) {
        LoadModel load = neutral.mapEntities(e -> localizer.localize(e, dialect));
        Map<String, Object> data = TemplateData.forTemplate(load, dialect, (type, attributes, prefix, target) -> {
            Map<String, Object> formulaData = TemplateData.forFormula(load, dialect, attributes, prefix, target);
            return engine.render(dialect, "formulas/" + type, formulaData).strip();
        });
        // The template's typed parameters with their defaults, bound as the generator binds them
        // (track_columns and the like are read by the template even when the call leaves them out).
        Map<String, String> given = new java.util.LinkedHashMap<>();
        parameters.forEach((k, v) -> given.put(k, String.valueOf(v)));
        data.putAll(ParameterBinder.bind(engine.catalog().resolve(TemplateKind.TEMPLATE, templateName, dialect).definition(), given,
                dialect, Map.of()));
        return data;
    }

    public String render(Map<String, Object> data) throws Exception {
        StringWriter out = new StringWriter(8192);
        template.process(data, out);
        return out.toString();
    }
}
