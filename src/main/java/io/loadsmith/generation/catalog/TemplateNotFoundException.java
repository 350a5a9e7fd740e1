package io.loadsmith.generation.catalog;

import java.util.List;

/** No definition, or no variant for a dialect; the message lists every place searched. */
public class TemplateNotFoundException extends RuntimeException {

    private final String templateName;

    public TemplateNotFoundException(TemplateKind kind, String name, String dialect, List<String> searched) {
        super("No " + kind.label() + " '" + name + "'" + (dialect == null ? "" : " for dialect " + dialect)
                + "; searched " + String.join(", ", searched) + ".");
        this.templateName = name;
    }

    public String templateName() {
        return templateName;
    }
}
