package io.loadsmith.load;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An entity mapping that a search found: its load, source and target entities, and the mapped
 * attributes (as {@code target ← source, source (TYPE)}) that contain the text; empty when the
 * text named the source or target entity.
 */
public record MappingMatch(long loadId, String load, String source, String target, List<String> attributes,
                           Instant updatedAt) {

    public MappingMatch {
        attributes = List.copyOf(attributes);
    }

    /** The mappings of {@code load} that the text finds, in the load's order. */
    static List<MappingMatch> in(LoadResponse load, String text) {
        String q = text.toLowerCase(Locale.ROOT);
        List<MappingMatch> matches = new ArrayList<>();
        for (EntityMapping mapping : load.mappings()) {
            boolean entity = contains(mapping.source(), q) || contains(load.target(), q);
            List<String> attributes = mapping.attributes().stream().map(MappingMatch::describe)
                    .filter(line -> contains(line, q)).toList();
            if (entity || !attributes.isEmpty()) {
                matches.add(new MappingMatch(load.id(), load.name(), mapping.source(), load.target(), attributes,
                        load.updatedAt()));
            }
        }
        return matches;
    }

    private static String describe(AttributeMapping a) {
        String sources = String.join(", ", a.sources());
        return a.target() + " ← " + sources + (a.transformationType() == null ? "" : " (" + a.transformationType() + ")");
    }

    private static boolean contains(String value, String lowerText) {
        return value != null && value.toLowerCase(Locale.ROOT).contains(lowerText);
    }
}
