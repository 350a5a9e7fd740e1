package io.loadsmith.generation;

import java.io.StringWriter;
import java.util.Map;

import freemarker.template.Template;
import io.loadsmith.dialect.Dialect;
import io.loadsmith.generation.model.LoadModel;

/**
 * The baseline of the generator benchmark: FreeMarker alone, rendering the cached template with a
 * data model built beforehand, no parsing of steps, no localizing, no placeholders.
 */
public final class RawRender {

    private final Template template;
    private final Dialect dialect;
    private final FreemarkerEngine engine;

    public RawRender(FreemarkerEngine engine, Dialect dialect, String templateName) throws Exception {
        this.engine = engine;
        this.dialect = dialect;
        this.template = engine.configuration(dialect).getTemplate(templateName);
    }

    /** The data model of one load, physical types filled in; built outside the timed section. */
    public Map<String, Object> prebuild(LoadModel neutral, ModelLocalizer localizer, Map<String, Object> parameters) {
        LoadModel load = neutral.mapEntities(e -> localizer.localize(e, dialect));
        Map<String, Object> data = LoadSqlGenerator.TemplateData.forTemplate(load, dialect, (type, attributes, prefix) -> {
            Map<String, Object> formulaData = LoadSqlGenerator.TemplateData.forFormula(load, dialect, attributes, prefix);
            return engine.render(dialect, "formulas/" + type, formulaData).strip();
        });
        data.putAll(parameters);
        return data;
    }

    public String render(Map<String, Object> data) throws Exception {
        StringWriter out = new StringWriter(8192);
        template.process(data, out);
        return out.toString();
    }
}
