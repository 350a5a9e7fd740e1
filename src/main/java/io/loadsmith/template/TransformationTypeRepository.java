package io.loadsmith.template;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

public interface TransformationTypeRepository extends JpaRepository<TransformationType, Long> {

    Optional<TransformationType> findByName(String name);

    boolean existsByName(String name);

    /** Names that differ only by case are one name (see Names). */
    java.util.List<TransformationType> findByNameIgnoreCase(String name);
}
