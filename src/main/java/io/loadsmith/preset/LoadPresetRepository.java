package io.loadsmith.preset;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

public interface LoadPresetRepository extends JpaRepository<LoadPreset, Long> {

    Optional<LoadPreset> findByName(String name);

    List<LoadPreset> findByNameIgnoreCase(String name);
}
