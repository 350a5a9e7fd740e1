package io.loadsmith.environment.api;

import java.util.SortedMap;

public record EnvironmentResponse(long id, long version, String name, String description,
                                  SortedMap<String, String> variables) {
}
