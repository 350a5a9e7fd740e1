package io.loadsmith.entity.web;

import java.util.Locale;
import java.util.Optional;

/**
 * The load a new entity can get at once, from its type's default preset. Declared here and
 * implemented by the preset feature, which depends on entities (never the other way round).
 */
public interface LoadOffers {

    /** The default preset of an entity type, if it offers one. */
    Optional<String> defaultPreset(String entityType);

    /** Creates the entity's load from the preset, reading the sources (qualified names), and returns the load's id. */
    long createLoad(String target, String loadName, String preset, java.util.List<String> sources);

    /** The name a load of an entity gets by default: {@code load_} and the entity's name in lower case. */
    static String loadName(String entityName) {
        return "load_" + entityName.toLowerCase(Locale.ROOT);
    }
}
