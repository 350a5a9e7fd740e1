package io.loadsmith.template;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

public interface TransformationTypeRepository extends JpaRepository<TransformationType, Long> {

    Optional<TransformationType> findByName(String name);

    boolean existsByName(String name);

    /** Names that differ only by case are one name (see Names). */
    List<TransformationType> findByNameIgnoreCase(String name);
}
