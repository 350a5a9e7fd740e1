package io.loadsmith.generation;

import freemarker.core.ParseException;
import freemarker.template.TemplateException;

/** Turns FreeMarker's exceptions into a short message and a position, without Java stack traces. */
public final class FreemarkerErrors {

    /** What went wrong and where; template is the FreeMarker name, e.g. templates/scd2. */
    public record Described(String template, Integer line, Integer column, String detail) {
    }

    private FreemarkerErrors() {
    }

    public static Described describe(Throwable error) {
        RuntimeException api = find(error, TemplateApiException.class);
        if (api == null) {
            api = find(error, io.loadsmith.template.TemplateNotFoundException.class);
        }
        TemplateException innermost = innermostTemplateException(error);
        if (error instanceof ParseException parse) {
            return new Described(parse.getTemplateName(), parse.getLineNumber(), parse.getColumnNumber(),
                    "syntax error: " + firstParagraph(parse.getEditorMessage()));
        }
        if (innermost != null) {
            String detail = api != null ? api.getMessage() : firstParagraph(innermost.getMessageWithoutStackTop());
            return new Described(innermost.getTemplateSourceName(), innermost.getLineNumber(),
                    innermost.getColumnNumber(), detail);
        }
        if (api != null) {
            return new Described(null, null, null, api.getMessage());
        }
        return new Described(null, null, null, error.getMessage() == null ? error.toString() : error.getMessage());
    }

    private static TemplateException innermostTemplateException(Throwable error) {
        TemplateException found = null;
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof TemplateException te && te.getLineNumber() != null) {
                found = te;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return found;
    }

    static <T extends Throwable> T find(Throwable error, Class<T> type) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }

    /** FreeMarker appends tips and an FTL stack after a blank line or a "----" rule; keep the statement. */
    private static String firstParagraph(String message) {
        if (message == null) {
            return "";
        }
        String text = message.strip();
        int rule = text.indexOf("\n----");
        if (rule >= 0) {
            text = text.substring(0, rule);
        }
        int tip = text.indexOf("\n\nTip:");
        if (tip >= 0) {
            text = text.substring(0, tip);
        }
        return text.strip().replaceAll("\\s*\\n\\s*", " ");
    }
}
