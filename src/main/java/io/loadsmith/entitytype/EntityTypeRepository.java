package io.loadsmith.entitytype;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

public interface EntityTypeRepository extends JpaRepository<EntityType, Long> {

    Optional<EntityType> findByName(String name);

    boolean existsByName(String name);

    /** Names that differ only by case are one name (see Names). */
    List<EntityType> findByNameIgnoreCase(String name);

    @Query("select count(e) > 0 from WarehouseEntity e where e.entityType = :type")
    boolean isUsedByEntities(EntityType type);
}
