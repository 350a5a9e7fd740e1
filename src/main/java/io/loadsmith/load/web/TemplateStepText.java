package io.loadsmith.load.web;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.loadsmith.dialect.Identifiers;
import io.loadsmith.generation.call.TemplateCall;
import io.loadsmith.generation.call.TemplateCallParser;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.ParameterType;

/**
 * A template step's text is one call, {@code <ftltemplate:NAME:p1=v1:p2=v2>}. The designer shows such
 * a step as a form of the template's parameters and writes the call back from it. Anything else
 * (several calls, SQL around the call, multi-line values) stays an SQL step, edited as text.
 */
public final class TemplateStepText {

    /** A parsed call: the template and its arguments in the order written. */
    public record Call(String template, Map<String, String> arguments) {
    }

    private TemplateStepText() {
    }

    /**
     * The call when the text is exactly one call of a template named as an identifier. The generator's
     * own scanner reads it, so the form and the generation agree on every escape, and a value of any
     * length costs one pass over the text (no regex, whose repeated groups recurse per character).
     */
    public static Optional<Call> parse(String text) {
        if (text == null || text.contains("\"\"\"")) {
            return Optional.empty();
        }
        String call = text.strip();
        if (!call.startsWith(TemplateCallParser.OPEN)) {
            return Optional.empty();
        }
        try {
            List<TemplateCall> calls = TemplateCallParser.parse(call);
            if (calls.size() != 1 || calls.get(0).end() != call.length()
                    || !Identifiers.isValid(calls.get(0).templateName())) {
                return Optional.empty();
            }
            return Optional.of(new Call(calls.get(0).templateName(), calls.get(0).arguments()));
        } catch (TemplateCallParser.SyntaxError e) {
            return Optional.empty();
        }
    }

    /**
     * The call for a template and the values of the form. Empty values are left out (the template's
     * default applies, or generation says the parameter is missing); an unticked BOOLEAN is false.
     */
    public static String compose(String template, List<ParameterDefinition> parameters, Map<String, String> values) {
        StringBuilder text = new StringBuilder("<ftltemplate:").append(template);
        for (ParameterDefinition p : parameters) {
            String value = values.get(p.name());
            if (p.type() == ParameterType.BOOLEAN) {
                value = "true".equals(value) ? "true" : "false";
            }
            if (value == null || value.isEmpty()) {
                continue;
            }
            text.append(':').append(p.name()).append('=').append(escape(value));
        }
        return text.append('>').toString();
    }

    private static String escape(String value) {
        StringBuilder out = new StringBuilder();
        for (char c : value.toCharArray()) {
            if (c == '\\' || c == ':' || c == '<' || c == '>') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }
}
