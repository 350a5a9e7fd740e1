package io.loadsmith.generation.call;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the template calls in a step's text. Grammar:
 * <pre>
 *   call  := "&lt;ftltemplate:" name (":" param "=" value)* "&gt;"
 *   value := '"""' any text up to the next '"""'     (may span lines, may hold : and &gt;)
 *          | chars, where "\" escapes the next character (so "\:" "\&gt;" "\&lt;" "\\")
 * </pre>
 * Malformed calls are errors with the line and column where the call starts. A scan, not a regex:
 * values may be as long as a step (1,000,000 characters), and a regex with a repeated alternation
 * recurses once per character.
 */
public final class TemplateCallParser {

    public static final String OPEN = "<ftltemplate:";
    private static final String TRIPLE = "\"\"\"";

    /** A malformed call; line and column point at the problem. */
    public static final class SyntaxError extends RuntimeException {
        public final int line;
        public final int column;

        SyntaxError(String message, int line, int column) {
            super(message);
            this.line = line;
            this.column = column;
        }
    }

    private final String text;
    private int pos;

    private TemplateCallParser(String text) {
        this.text = text;
    }

    public static List<TemplateCall> parse(String text) {
        return new TemplateCallParser(text).calls();
    }

    private List<TemplateCall> calls() {
        List<TemplateCall> calls = new ArrayList<>();
        int from = 0;
        while (true) {
            int start = text.indexOf(OPEN, from);
            if (start < 0) {
                return calls;
            }
            pos = start + OPEN.length();
            calls.add(call(start));
            from = pos;
        }
    }

    private TemplateCall call(int start) {
        String name = identifier("a template name after <ftltemplate:");
        Map<String, String> arguments = new LinkedHashMap<>();
        while (true) {
            if (pos >= text.length()) {
                throw error("The template call is not closed with '>'", start);
            }
            char c = text.charAt(pos);
            if (c == '>') {
                pos++;
                int[] lc = lineColumn(start);
                return new TemplateCall(name, arguments, start, pos, lc[0], lc[1]);
            }
            if (c != ':') {
                throw error("Expected ':' or '>' after '" + text.substring(start, pos) + "' but found '" + c + "'", pos);
            }
            pos++;
            int parameterAt = pos;
            String parameter = identifier("a parameter name after ':'");
            if (pos >= text.length() || text.charAt(pos) != '=') {
                throw error("Parameter '" + parameter + "' needs '=' and a value", parameterAt);
            }
            pos++;
            if (arguments.containsKey(parameter)) {
                throw error("Parameter '" + parameter + "' is given twice", parameterAt);
            }
            arguments.put(parameter, value(start));
        }
    }

    private String value(int callStart) {
        if (text.startsWith(TRIPLE, pos)) {
            int close = text.indexOf(TRIPLE, pos + TRIPLE.length());
            if (close < 0) {
                throw error("A value opened with \"\"\" is not closed with \"\"\"", pos);
            }
            String value = text.substring(pos + TRIPLE.length(), close);
            pos = close + TRIPLE.length();
            return value;
        }
        StringBuilder value = new StringBuilder();
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '\\') {
                if (pos + 1 >= text.length()) {
                    throw error("A '\\' at the end of the text escapes nothing", pos);
                }
                value.append(text.charAt(pos + 1));
                pos += 2;
            } else if (c == ':' || c == '>') {
                return value.toString();
            } else {
                value.append(c);
                pos++;
            }
        }
        throw error("The template call is not closed with '>'", callStart);
    }

    private String identifier(String what) {
        int begin = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_'
                || text.charAt(pos) == '-' || text.charAt(pos) == '.')) {
            pos++;
        }
        if (pos == begin) {
            throw error("Expected " + what, begin);
        }
        return text.substring(begin, pos);
    }

    private SyntaxError error(String message, int at) {
        int[] lc = lineColumn(at);
        return new SyntaxError(message, lc[0], lc[1]);
    }

    private int[] lineColumn(int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, offset - lineStart + 1};
    }
}
