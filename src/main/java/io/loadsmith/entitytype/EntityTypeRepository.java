package io.loadsmith.entitytype;

import io.loadsmith.store.NamedRowRepository;
import org.springframework.data.jpa.repository.Query;

public interface EntityTypeRepository extends NamedRowRepository<EntityType> {

    @Query("select count(e) > 0 from WarehouseEntity e where e.entityType = :type")
    boolean isUsedByEntities(EntityType type);
}
