package io.loadsmith.template;

import java.util.List;
import java.util.SortedMap;

import io.loadsmith.audit.Audited;

public record TemplateResponse(
        long id,
        long version,
        String name,
        String description,
        String packageName,
        List<ParameterJson> parameters,
        SortedMap<String, String> variants) implements Audited {

    @Override
    public String auditName() {
        return name;
    }
}
