package io.loadsmith.environment;

import java.util.SortedMap;

import io.loadsmith.audit.Audited;

public record EnvironmentResponse(long id, long version, String name, String description,
                                  SortedMap<String, String> variables) implements Audited {

    @Override
    public String auditName() {
        return name;
    }
}
