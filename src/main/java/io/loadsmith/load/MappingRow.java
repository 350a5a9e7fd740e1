package io.loadsmith.load;

import java.util.List;

/**
 * One row of a bulk mapping import, in the commercial designer's column layout: a target attribute
 * of a load fed by source attributes of a source entity through an entity mapping. {@code row} is
 * where the row stands in its file (the line of a CSV, from 1 for the header; the index of a JSON
 * list, from 0), for messages.
 */
public record MappingRow(
        String row,
        String sourceEntitySchema,
        String sourceEntityName,
        String targetEntitySchema,
        String targetEntityName,
        String targetEntityLoadName,
        String entityMappingName,
        String targetAttributeName,
        List<String> sourceAttributeNames,
        String transformationType,
        String transformationFormula) {

    public MappingRow {
        sourceAttributeNames = sourceAttributeNames == null ? List.of() : List.copyOf(sourceAttributeNames);
    }

    String source() {
        return sourceEntitySchema + "." + sourceEntityName;
    }

    String target() {
        return targetEntitySchema + "." + targetEntityName;
    }
}
