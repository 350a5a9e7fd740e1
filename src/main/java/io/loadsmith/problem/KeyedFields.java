package io.loadsmith.problem;

import java.util.Set;

/**
 * Fields that are maps of a name the user chose to a text (a load's options, an environment's
 * variables, a template's texts by dialect, a formula's): in a field path, the segment after one of
 * these is the user's own key, not a field of ours.
 */
public final class KeyedFields {

    public static final Set<String> NAMES = Set.of("options", "variables", "variants", "formulas");

    private KeyedFields() {
    }
}
