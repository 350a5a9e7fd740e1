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

    /** No source defines {@code name} at all: the name, the nearest known names and every known one, no paths. */
    private TemplateNotFoundException(String message, String name) {
        super(message);
        this.templateName = name;
    }

    static TemplateNotFoundException unknown(TemplateKind kind, String name, List<String> known) {
        List<String> closest = ClosestNames.to(name, known);
        return new TemplateNotFoundException("There is no " + kind.label() + " '" + name + "'"
                + (closest.isEmpty() ? "" : "; did you mean " + String.join(" or ", closest.stream().map(n -> "'" + n + "'").toList()) + "?")
                + (known.isEmpty() ? "" : (closest.isEmpty() ? ". " : " ") + "Known: " + String.join(", ", known) + "."), name);
    }

    public String templateName() {
        return templateName;
    }
}
