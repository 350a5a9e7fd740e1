package io.loadsmith.template;

import java.util.SortedMap;

import io.loadsmith.audit.Audited;

public record TransformationTypeResponse(long id, long version, String name, String description,
                                         SortedMap<String, String> formulas) implements Audited {

    @Override
    public String auditName() {
        return name;
    }
}
