package io.loadsmith.template;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

public interface LoadTemplateRepository extends JpaRepository<LoadTemplate, Long> {

    Optional<LoadTemplate> findByName(String name);

    boolean existsByName(String name);

    /** Names that differ only by case are one name (see Names). */
    List<LoadTemplate> findByNameIgnoreCase(String name);
}
