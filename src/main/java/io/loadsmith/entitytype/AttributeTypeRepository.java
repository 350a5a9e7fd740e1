package io.loadsmith.entitytype;

import io.loadsmith.store.NamedRowRepository;
import org.springframework.data.jpa.repository.Query;

public interface AttributeTypeRepository extends NamedRowRepository<AttributeType> {

    boolean existsBySuperAttributeType(String name);

    /** Entity attributes refer to types by name (no foreign key), so usage is checked here. */
    @Query("select count(e) > 0 from WarehouseEntity e join e.attributes a where a.shape.attributeType = :name")
    boolean isUsedByEntityAttributes(String name);
}
