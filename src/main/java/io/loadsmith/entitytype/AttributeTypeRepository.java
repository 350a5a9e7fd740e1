package io.loadsmith.entitytype;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

public interface AttributeTypeRepository extends JpaRepository<AttributeType, Long> {

    Optional<AttributeType> findByName(String name);

    boolean existsByName(String name);

    /** Names that differ only by case are one name (see Names). */
    List<AttributeType> findByNameIgnoreCase(String name);

    boolean existsBySuperAttributeType(String name);

    /** Entity attributes refer to types by name (no foreign key), so usage is checked here. */
    @Query("select count(e) > 0 from WarehouseEntity e join e.attributes a where a.attributeType = :name")
    boolean isUsedByEntityAttributes(String name);
}
