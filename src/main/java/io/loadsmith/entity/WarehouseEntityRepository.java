package io.loadsmith.entity;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

public interface WarehouseEntityRepository extends JpaRepository<WarehouseEntity, Long> {

    Optional<WarehouseEntity> findBySchemaNameAndName(String schemaName, String name);

    List<WarehouseEntity> findByNameOrderBySchemaName(String name);


    /** Unquoted identifiers are case-insensitive in SQL: publish.d_vessel and PUBLISH.D_VESSEL clash. */
    default Optional<WarehouseEntity> findClash(String schema, String name) {
        return findByNameKey(WarehouseEntity.nameKey(schema, name));
    }

    /** One index probe (ix_dw_entity_name_key), so that saving an entity does not read every other one. */
    Optional<WarehouseEntity> findByNameKey(String nameKey);

    /**
     * The designer's entity list: an empty filter matches everything; name matches a part, ignoring case.
     * Empty strings rather than nulls, so that no database has to guess the type of a null parameter.
     * A package is matched ignoring case, as package names are unique ignoring case.
     */
    @Query("""
            select e from WarehouseEntity e left join e.entityType t left join e.metadataPackage p
            where (lower(e.name) like lower(concat('%', :name, '%'))
                   or lower(e.logicalName) like lower(concat('%', :name, '%')))
              and (:type = '' or t.name = :type)
              and (:schema = '' or lower(e.schemaName) = lower(:schema))
              and (:pkg = '' or lower(p.name) = lower(:pkg))
            order by e.schemaName, e.name""")
    List<WarehouseEntity> filter(String name, String type, String schema, String pkg);

    /** Global search: entities whose name, logical name or any attribute's name contains the text. */
    @Query("""
            select distinct e from WarehouseEntity e left join e.attributes a
            where lower(e.name) like lower(concat('%', :text, '%'))
               or lower(e.logicalName) like lower(concat('%', :text, '%'))
               or lower(a.name) like lower(concat('%', :text, '%'))
            order by e.schemaName, e.name""")
    List<WarehouseEntity> search(String text);

    List<WarehouseEntity> findTop10ByOrderByUpdatedAtDesc();

    /** Soft-deleted entities, newest first: id, schema, name, deleted_at. */
    @Query(value = "select id, schema_name, name, deleted_at from dw_entity where deleted_at is not null order by deleted_at desc",
            nativeQuery = true)
    List<Object[]> deleted();

    @Modifying(clearAutomatically = true, flushAutomatically = true)
    @Query(value = "update dw_entity set deleted_at = null, row_version = row_version + 1 where id = :id and deleted_at is not null",
            nativeQuery = true)
    int restore(long id);

    /** Loads that target, read or map the entity. */
    @Query("""
            select distinct l.name from Load l left join l.mappings m
            where l.target = :entity or :entity member of l.sources or m.source = :entity order by l.name""")
    List<String> loadsUsing(WarehouseEntity entity);
}
