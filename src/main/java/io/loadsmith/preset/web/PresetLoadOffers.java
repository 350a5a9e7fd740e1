package io.loadsmith.preset.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.springframework.stereotype.Component;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entity.web.LoadOffers;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.load.web.PresetChoices;
import io.loadsmith.preset.LoadPresetService;
import io.loadsmith.preset.LoadFromPresetRequest;
import io.loadsmith.preset.PresetResponse;

/**
 * What presets offer the entity and load pages: the new-entity form's "also create its load" (the
 * type's default preset for TRANSFORM_PERSIST) and the new-load form's choice of the type's presets.
 */
@Component
record PresetLoadOffers(LoadPresetService presets, EntityService entities) implements LoadOffers, PresetChoices {

    @Override
    public List<Choice> offered(String target) {
        if (target == null || target.isBlank()) {
            return List.of();
        }
        String type = entities.list(null).stream().filter(e -> e.qualifiedName().equals(target)).findFirst()
                .map(EntityResponse::entityType).orElse(null);
        if (type == null) {
            return List.of();
        }
        List<PresetResponse> offered = presets.offered(type, LoadType.TRANSFORM_PERSIST);
        List<Choice> choices = new ArrayList<>();
        for (PresetResponse p : offered) {
            boolean preferred = p.uses().stream().anyMatch(u -> u.entityType().equals(type)
                    && u.loadType() == LoadType.TRANSFORM_PERSIST && Boolean.TRUE.equals(u.isDefault()));
            // A shipped preset offered by the type's name is its default while it has none of its own.
            boolean shipped = p.uses().stream().noneMatch(u -> u.entityType().equals(type));
            choices.add(new Choice(p.name(), p.description(), preferred || (shipped && choices.isEmpty())));
        }
        return choices;
    }

    @Override
    public long createLoad(String name, String target, String description, String preset) {
        return presets.createLoad(new LoadFromPresetRequest(name, target, LoadType.TRANSFORM_PERSIST, preset, description,
                null)).id();
    }

    @Override
    public Optional<String> defaultPreset(String entityType) {
        if (entityType == null || entityType.isBlank()) {
            return Optional.empty();
        }
        return presets.offered(entityType, LoadType.TRANSFORM_PERSIST).stream().findFirst().map(PresetResponse::name);
    }

    @Override
    public long createLoad(String target, String loadName, String preset, List<String> sources) {
        return presets.createLoad(new LoadFromPresetRequest(loadName, target, LoadType.TRANSFORM_PERSIST, preset, null,
                sources)).id();
    }
}
