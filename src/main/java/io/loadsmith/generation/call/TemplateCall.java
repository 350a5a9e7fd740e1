package io.loadsmith.generation.call;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One {@code <ftltemplate:NAME:p1=v1:p2=v2>} in a step's text: where it stands (offsets into the
 * text, and the line and column where it starts) and its arguments with escapes already removed.
 */
public record TemplateCall(String templateName, Map<String, String> arguments, int start, int end, int line, int column) {

    public TemplateCall {
        arguments = Collections.unmodifiableMap(new LinkedHashMap<>(arguments));
    }
}
