package io.loadsmith.preset;

import io.loadsmith.store.NamedRowRepository;

public interface LoadPresetRepository extends NamedRowRepository<LoadPreset> {
}
