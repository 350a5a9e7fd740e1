package io.loadsmith.configuration.web;

import java.util.List;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;

import org.springframework.ui.Model;

/**
 * One feature's part of the /configuration overview. The overview shows every section on one page,
 * so a feature (entity types, transformation types, …) adds its lists and empty "add" forms here
 * instead of the overview knowing each feature's services.
 */
public interface ConfigurationSection {

    /** Adds what the section shows; leaves alone what a failed "add" form already put in the model. */
    void show(Model model);

    /** What the section deletes for good under /configuration/{kind}/{id}/delete. */
    List<Part> parts();

    /** A kind of configuration part by its URL segment, how the confirmation names one and how it is deleted. */
    record Part(String kind, LongFunction<String> describe, LongConsumer delete) {
    }

    /** Sets an attribute unless a failed form already set it. */
    static void offer(Model model, String name, Object value) {
        if (!model.containsAttribute(name)) {
            model.addAttribute(name, value);
        }
    }
}
