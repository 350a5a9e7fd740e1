package io.loadsmith.load.web;

import java.util.List;

/**
 * The presets the new-load form offers for a target: those its entity type uses, its default first.
 * Declared here and implemented by the preset feature, which depends on loads (never the other way round).
 */
public interface PresetChoices {

    /** A preset on offer; {@code preferred}: the type's default, chosen unless the user picks another. */
    record Choice(String name, String description, boolean preferred) {
    }

    /** What the target's entity type offers for TRANSFORM_PERSIST; empty without a target or a type. */
    List<Choice> offered(String target);

    /** Creates the load with a copy of the preset's steps and options and returns its id. */
    long createLoad(String name, String target, String description, String preset);
}
