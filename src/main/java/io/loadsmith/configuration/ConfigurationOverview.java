package io.loadsmith.configuration;

import java.util.List;
import java.util.Optional;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Htmx;
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
                      Runnable create) {
        FormErrors refused = FormErrors.attempt(create);
        if (refused.any()) {
            model.addAttribute(errors(section), refused);
            return page(model);
        }
        return Htmx.redirect(request, response, "/configuration?saved#" + section);
    }

    Optional<ConfigurationSection.Part> part(String kind) {
        return sections.orderedStream().map(ConfigurationSection::parts).flatMap(List::stream)
                .filter(p -> p.kind().equals(kind)).findFirst();
    }
}
