package io.loadsmith.preset;

import java.util.List;
import java.util.Map;

import io.loadsmith.audit.Audited;
import io.loadsmith.load.StepJson;

public record PresetResponse(long id, long version, String name, String description, String packageName,
                             List<StepJson> steps, Map<String, String> options, List<PresetRequest.Use> uses)
        implements Audited {

    @Override
    public String auditName() {
        return name;
    }
}
