package io.loadsmith.load.web;

import java.util.Locale;
import java.util.stream.Collectors;

import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.TemplateDefinition;

/**
 * How the load page offers a template: its name with the first sentence of its description (the
 * option's text), the whole description, and what a call must give it (its required parameters).
 */
public record TemplateChoice(String name, String label, String description, String expects) {

    private static final int SHORT = 90;

    public static TemplateChoice of(TemplateDefinition template) {
        String description = template.description() == null ? "" : template.description().strip();
        String summary = firstSentence(description);
        String required = template.parameters().stream().filter(ParameterDefinition::required)
                .map(p -> p.name() + " (" + p.type().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ")")
                .collect(Collectors.joining(", "));
        return new TemplateChoice(template.name(), summary.isEmpty() ? template.name() : template.name() + " — " + summary,
                description, required.isEmpty() ? "Expects no parameter; every one has a default."
                        : "Expects " + required + ".");
    }

    /** Up to the first ". " (a sentence), cut at a word past {@link #SHORT} characters. */
    private static String firstSentence(String text) {
        int end = text.indexOf(". ");
        String sentence = end < 0 ? text : text.substring(0, end + 1);
        if (sentence.length() <= SHORT) {
            return sentence;
        }
        int cut = sentence.lastIndexOf(' ', SHORT);
        return sentence.substring(0, cut < 0 ? SHORT : cut) + " …";
    }
}
