package io.loadsmith.configuration.web;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

import io.loadsmith.web.FormErrors;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The overview page assembled from every feature's {@link ConfigurationSection}; the features' "add"
 * forms post to their own controllers and come back here when something was refused.
 */
@Component
public class ConfigurationOverview {

    public static final String VIEW = "configuration/index";

    /** A section's errors are in the model as {@code <section>Errors}; the other sections' forms show empty. */
    public static String errors(String section) {
        return section + "Errors";
    }

    // Lazily, as sections may be (or depend on) controllers that use the overview.
    private final ObjectProvider<ConfigurationSection> sections;

    public ConfigurationOverview(ObjectProvider<ConfigurationSection> sections) {
        this.sections = sections;
    }

    public String page(Model model) {
        sections.orderedStream().forEach(s -> s.show(model));
        return VIEW;
    }

    /** Creates from an "add" form: back to the overview at its section, or the overview with why not. */
    public String add(Model model, String section, HttpServletRequest request, HttpServletResponse response,
                      Supplier<?> create) {
        return save(create, refused -> page(model.addAttribute(errors(section), refused)), section, request, response);
    }

    /** Saves a section's add or edit form: back to the overview at that section, or {@code again} says why not. */
    public String save(Supplier<?> save, Function<FormErrors, String> again, String section,
                       HttpServletRequest request, HttpServletResponse response) {
        return FormErrors.save(save, again, saved -> "/configuration?saved#" + section, request, response);
    }

    Optional<ConfigurationSection.Part> part(String kind) {
        return sections.orderedStream().map(ConfigurationSection::parts).flatMap(List::stream)
                .filter(p -> p.kind().equals(kind)).findFirst();
    }
}
