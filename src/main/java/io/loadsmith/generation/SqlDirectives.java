package io.loadsmith.generation;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

import freemarker.core.Environment;
import freemarker.template.TemplateDirectiveBody;
import freemarker.template.TemplateDirectiveModel;
import freemarker.template.TemplateHashModel;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import freemarker.template.TemplateNumberModel;
import io.loadsmith.generation.model.AttributeModel;

/**
 * {@code sql} in templates. {@code <@sql.generateEntityAttributeList attributes=... indentation=N/>}
 * writes the attribute names: the first where the call stands, each next on its own line,
 * indented 4·N spaces and led by {@code ", "} (the seed's layout).
 */
final class SqlDirectives implements TemplateHashModel {

    private static final TemplateDirectiveModel ATTRIBUTE_LIST = SqlDirectives::attributeList;

    @Override
    public TemplateModel get(String key) throws TemplateModelException {
        if ("generateEntityAttributeList".equals(key)) {
            return ATTRIBUTE_LIST;
        }
        throw new TemplateModelException(new TemplateApiException(
                "sql." + key + " does not exist; sql has: generateEntityAttributeList."));
    }

    @Override
    public boolean isEmpty() {
        return false;
    }

    @SuppressWarnings("rawtypes")
    private static void attributeList(Environment env, Map params, TemplateModel[] loopVars, TemplateDirectiveBody body)
            throws TemplateModelException, IOException {
        Object attributes = params.get("attributes");
        if (attributes == null) {
            throw new TemplateModelException(new TemplateApiException(
                    "sql.generateEntityAttributeList needs attributes=..."));
        }
        int indentation = 0;
        if (params.get("indentation") instanceof TemplateNumberModel number) {
            indentation = number.getAsNumber().intValue();
        }
        List<AttributeModel> list = LoadsFunctions.attributes((TemplateModel) attributes, "sql.generateEntityAttributeList");
        String separator = "\n" + " ".repeat(4 * indentation) + ", ";
        Writer out = env.getOut();
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) {
                out.write(separator);
            }
            out.write(list.get(i).name());
        }
    }
}
