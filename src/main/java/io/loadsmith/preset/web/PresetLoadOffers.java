package io.loadsmith.preset.web;

import java.util.Optional;

import org.springframework.stereotype.Component;

import io.loadsmith.entity.web.LoadOffers;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.preset.LoadPresetService;
import io.loadsmith.preset.api.LoadFromPresetRequest;
import io.loadsmith.preset.api.PresetResponse;

/** The new-entity form's "also create its load": the type's default preset for TRANSFORM_PERSIST. */
@Component
class PresetLoadOffers implements LoadOffers {

    private final LoadPresetService presets;

    PresetLoadOffers(LoadPresetService presets) {
        this.presets = presets;
    }

    @Override
    public Optional<String> defaultPreset(String entityType) {
        if (entityType == null || entityType.isBlank()) {
            return Optional.empty();
        }
        return presets.offered(entityType, LoadType.TRANSFORM_PERSIST).stream().findFirst().map(PresetResponse::name);
    }

    @Override
    public long createLoad(String target, String loadName, String preset) {
        return presets.createLoad(new LoadFromPresetRequest(loadName, target, LoadType.TRANSFORM_PERSIST, preset, null,
                null)).id();
    }
}
