package io.loadsmith.generation.catalog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;

/** A template or formula text that is not saved: a syntax error, or a construct the sandbox refuses. */
public class TemplateRejectedException extends InvalidRequestException {

    private TemplateRejectedException(String field, String message, Map<String, Object> properties) {
        super(List.of(new FieldProblem(field, null, message)), properties);
    }

    public static TemplateRejectedException refused(String field, String template, String variant, TemplateSandbox.Refusal refusal) {
        Map<String, Object> where = location(template, variant, refusal.line(), refusal.column());
        where.put("construct", refusal.construct());
        return new TemplateRejectedException(field, "refused: template '" + template + "' variant " + variant
                + " uses " + refusal.construct() + " at line " + refusal.line() + ", column " + refusal.column()
                + "; " + refusal.reason(), where);
    }

    public static TemplateRejectedException syntax(String field, String template, String variant, int line, int column, String detail) {
        return new TemplateRejectedException(field, "template '" + template + "' variant " + variant
                + " has a syntax error at line " + line + ", column " + column + ": " + detail,
                location(template, variant, line, column));
    }

    /** A text the engine could not even parse within its limits (nested too deeply, say). */
    public static TemplateRejectedException unparseable(String field, String template, String variant, String detail) {
        Map<String, Object> where = new LinkedHashMap<>();
        where.put("template", template);
        where.put("variant", variant);
        return new TemplateRejectedException(field, "template '" + template + "' variant " + variant
                + " cannot be parsed: " + detail, where);
    }

    private static Map<String, Object> location(String template, String variant, int line, int column) {
        Map<String, Object> where = new LinkedHashMap<>();
        where.put("template", template);
        where.put("variant", variant);
        where.put("line", line);
        where.put("column", column);
        return where;
    }
}
