package io.loadsmith.generation.context;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

import freemarker.core.DirectiveCallPlace;
import freemarker.core.Environment;
import freemarker.template.Template;
import freemarker.template.TemplateDirectiveBody;
import freemarker.template.TemplateDirectiveModel;
import freemarker.template.TemplateHashModel;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import freemarker.template.TemplateNumberModel;
import io.loadsmith.generation.model.AttributeModel;

/**
 * {@code sql} in templates. {@code <@sql.generateEntityAttributeList attributes=... indentation=N/>}
 * writes the attributes' SQL names (quoted when case-sensitive): the first where the call stands, each next on its own line,
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
        String ownLineIndent = ownLineIndentation(env);
        if (ownLineIndent != null) {
            out.write(ownLineIndent);
        }
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) {
                out.write(separator);
            }
            out.write(list.get(i).sqlName());
        }
        if (ownLineIndent != null) {
            out.write("\n");
        }
    }

    /**
     * When the call stands alone on its line(s), FreeMarker's white-space stripping has removed the
     * line's indentation and line break; this returns that indentation so the directive can put
     * both back (the seed's layout), or null when the call stands among other text.
     */
    private static String ownLineIndentation(Environment env) {
        DirectiveCallPlace place = env.getCurrentDirectiveCallPlace();
        if (place == null) {
            return null;
        }
        Template template = place.getTemplate();
        int beginLine = place.getBeginLine();
        int beginColumn = place.getBeginColumn();
        int endLine = place.getEndLine();
        int endColumn = place.getEndColumn();
        String before = beginColumn > 1 ? template.getSource(1, beginLine, beginColumn - 1, beginLine) : "";
        String after;
        try {
            // From just after the tag to the first character of the next line.
            String rest = template.getSource(endColumn + 1, endLine, 1, endLine + 1);
            int newline = rest == null ? -1 : rest.indexOf('\n');
            after = newline < 0 ? rest : rest.substring(0, newline);
        } catch (RuntimeException lastLine) {
            after = "";
        }
        boolean ownLine = before != null && before.isBlank() && (after == null || after.isBlank());
        return ownLine ? before : null;
    }
}
