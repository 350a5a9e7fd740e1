package io.loadsmith.load.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.loadsmith.template.ParameterDefinition;
import io.loadsmith.template.ParameterType;

/**
 * A template step's text is one call, {@code <ftltemplate:NAME:p1=v1:p2=v2>}. The designer shows such
 * a step as a form of the template's parameters and writes the call back from it. Anything else
 * (several calls, SQL around the call, multi-line values) stays an SQL step, edited as text.
 */
public final class TemplateStepText {

    private static final Pattern CALL = Pattern.compile("\\A\\s*<ftltemplate:([A-Za-z_][A-Za-z0-9_]*)((?::(?:\\\\.|[^:>\\\\])*)*)>\\s*\\z");

    /** A parsed call: the template and its arguments in the order written. */
    public record Call(String template, Map<String, String> arguments) {
    }

    private TemplateStepText() {
    }

    public static Optional<Call> parse(String text) {
        if (text == null || text.contains("\"\"\"")) {
            return Optional.empty();
        }
        Matcher m = CALL.matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        Map<String, String> arguments = new LinkedHashMap<>();
        String rest = m.group(2);
        StringBuilder part = new StringBuilder();
        for (int i = 1; i <= rest.length(); i++) {
            char c = i < rest.length() ? rest.charAt(i) : ':';
            if (c == '\\' && i + 1 < rest.length()) {
                part.append(rest.charAt(++i));
                continue;
            }
            if (c == ':' ) {
                if (!part.isEmpty()) {
                    String p = part.toString();
                    int eq = p.indexOf('=');
                    if (eq < 0) {
                        return Optional.empty();
                    }
                    arguments.put(p.substring(0, eq), p.substring(eq + 1));
                }
                part.setLength(0);
                continue;
            }
            part.append(c);
        }
        return Optional.of(new Call(m.group(1), arguments));
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
