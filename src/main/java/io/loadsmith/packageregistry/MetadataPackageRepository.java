package io.loadsmith.packageregistry;

import java.util.List;

import io.loadsmith.store.NamedRowRepository;
import org.springframework.data.jpa.repository.Query;

public interface MetadataPackageRepository extends NamedRowRepository<MetadataPackage> {

    /**
     * Per package: name, number of entities, number of loads whose target is in it, id, and of the
     * configuration it owns: entity types, templates, load presets. Null name: no package.
     */
    @Query("""
            select p.name,
                   (select count(e) from WarehouseEntity e where e.metadataPackage = p),
                   (select count(l) from Load l where l.target.metadataPackage = p),
                   p.id,
                   (select count(t) from EntityType t where t.metadataPackage = p),
                   (select count(t) from LoadTemplate t where t.metadataPackage = p),
                   (select count(s) from LoadPreset s where s.metadataPackage = p)
            from MetadataPackage p order by p.name""")
    List<Object[]> counts();

    /*
     * What a package still holds, by table (native: soft-deleted entities are hidden from JPA queries but
     * their rows keep the package, and a delete would break the foreign key all the same).
     */

    @Query(value = "select count(*) from dw_entity where package_id = :id and deleted_at is null", nativeQuery = true)
    long entitiesIn(long id);

    @Query(value = "select count(*) from dw_entity where package_id = :id and deleted_at is not null", nativeQuery = true)
    long deletedEntitiesIn(long id);

    @Query(value = "select count(*) from entity_type where package_id = :id", nativeQuery = true)
    long entityTypesIn(long id);

    @Query(value = "select count(*) from load_template where package_id = :id", nativeQuery = true)
    long templatesIn(long id);

    @Query(value = "select count(*) from load_preset where package_id = :id", nativeQuery = true)
    long presetsIn(long id);

    @Query("select count(e) from WarehouseEntity e where e.metadataPackage is null")
    long entitiesWithoutPackage();

    @Query("select count(l) from Load l where l.target.metadataPackage is null")
    long loadsWithoutPackage();

    /*
     * Name, id and owning package (null: none) of every object of a kind, for an import: one statement
     * each, names only. Listing the objects through their services would read every entity's
     * attributes, which on H2 costs time in proportion to entities times attributes.
     */

    @Query("select concat(e.schemaName, '.', e.name), e.id, p.name from WarehouseEntity e left join e.metadataPackage p")
    List<Object[]> entityOwners();

    @Query("select t.name, t.id, p.name from EntityType t left join t.metadataPackage p")
    List<Object[]> entityTypeOwners();

    @Query("select t.name, t.id, p.name from LoadTemplate t left join t.metadataPackage p")
    List<Object[]> templateOwners();

    /** A load belongs to the package of its target entity. */
    @Query("select l.name, l.id, p.name from Load l join l.target e left join e.metadataPackage p")
    List<Object[]> loadOwners();
}
