package io.loadsmith.entity;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

public interface WarehouseEntityRepository extends JpaRepository<WarehouseEntity, Long> {

    Optional<WarehouseEntity> findBySchemaNameAndName(String schemaName, String name);

    List<WarehouseEntity> findByNameOrderBySchemaName(String name);

    /** Unquoted identifiers are case-insensitive in SQL: publish.d_vessel and PUBLISH.D_VESSEL clash. */
    @Query("select e from WarehouseEntity e where lower(e.schemaName) = lower(:schema) and lower(e.name) = lower(:name)")
    Optional<WarehouseEntity> findClash(String schema, String name);

    @Query("select l.name from Load l where l.target = :entity or :entity member of l.sources order by l.name")
    List<String> loadsUsing(WarehouseEntity entity);
}
