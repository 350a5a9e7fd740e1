package io.loadsmith.template.api;

import java.util.SortedMap;

public record TransformationTypeResponse(long id, long version, String name, String description,
                                         SortedMap<String, String> formulas) {
}
