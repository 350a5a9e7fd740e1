package io.loadsmith.generation.render;

import java.util.regex.Pattern;

import freemarker.core.ParseException;
import freemarker.template.TemplateException;

import io.loadsmith.generation.catalog.TemplateNotFoundException;
import io.loadsmith.generation.context.TemplateApiException;

/** Turns FreeMarker's exceptions into a short message and a position, without Java stack traces. */
public final class FreemarkerErrors {

    /** What went wrong and where; template is the FreeMarker name, e.g. templates/scd2. */
    public record Described(String template, Integer line, Integer column, String detail) {
    }

    /**
     * FreeMarker says what Java object a value is, in parentheses after its template type: "an
     * extended_hash (ImmutableCollections$MapN wrapped into f.t.DefaultMapAdapter)", "a method
     * (wrapper: …$$Lambda/0x…)". The template type says all an author can act on, so the whole
     * parenthesis goes, whatever class it names.
     */
    private static final Pattern WRAPPER = Pattern.compile("\\s*\\((?:wrapper: [^()]*|[^()]*\\bwrapped into\\b[^()]*)\\)");
    /** A nested class named without its package (FreeMarker drops java.util. and java.lang.). */
    private static final Pattern NESTED_CLASS = Pattern.compile("\\b[A-Z][\\w]*(?:\\$[\\w]+)+(?:/0x[0-9a-f]+)?");
    /** A qualified Java class name: lower-case package segments, then a capitalised simple name. */
    private static final Pattern JAVA_NAME = Pattern.compile(
            "(?:java|javax|jdk|sun|com|org|freemarker|io|f)(?:\\.[a-z_][\\w]*)*\\.[A-Z][\\w$]*(?:\\.[A-Z][\\w$]*)*(?:@[0-9a-f]+)?");

    /**
     * FreeMarker points at its own manual and version ("Help (latest version): https://…; you're using
     * FreeMarker 2.3.x") and lists every built-in; a template author needs the first sentence only.
     */
    private static final Pattern MANUAL_POINTERS = Pattern.compile(
            "\\s*Help \\(latest version\\):[^;]*;?"
            + "|\\s*you're using FreeMarker [\\w.-]*\\w\\.?"
            + "|\\s*The alphabetical list of built-ins:[\\w,\\s]*\\.?"
            + "|\\s*\\(?https?://[^\\s)]*\\)?");

    private FreemarkerErrors() {
    }

    public static Described describe(Throwable error) {
        RuntimeException api = find(error, TemplateApiException.class);
        if (api == null) {
            api = find(error, TemplateNotFoundException.class);
        }
        if (api == null) {
            api = find(error, RenderGuard.Stopped.class);
        }
        TemplateException innermost = innermostTemplateException(error);
        if (error instanceof ParseException parse) {
            return new Described(parse.getTemplateName(), parse.getLineNumber(), parse.getColumnNumber(),
                    "syntax error: " + withoutJavaNames(firstParagraph(parse.getEditorMessage())));
        }
        if (innermost != null) {
            String detail = api != null ? api.getMessage()
                    : withoutJavaNames(firstParagraph(innermost.getMessageWithoutStackTop()));
            return new Described(innermost.getTemplateSourceName(), innermost.getLineNumber(),
                    innermost.getColumnNumber(), detail);
        }
        if (api != null) {
            return new Described(null, null, null, api.getMessage());
        }
        return new Described(null, null, null, error.getMessage() == null
                ? "the template could not be rendered" : withoutJavaNames(error.getMessage()));
    }

    /**
     * FreeMarker's messages describe values by their Java wrapper ("(wrapper: f.t.SimpleHash)") and
     * sometimes name a Java class or its own manual; users see template terms only.
     */
    public static String withoutJavaNames(String message) {
        String text = MANUAL_POINTERS.matcher(message).replaceAll("");
        text = WRAPPER.matcher(text).replaceAll("");
        text = JAVA_NAME.matcher(text).replaceAll("a value");
        return NESTED_CLASS.matcher(text).replaceAll("a value");
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
