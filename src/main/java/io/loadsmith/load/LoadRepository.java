package io.loadsmith.load;

import java.util.List;

import io.loadsmith.store.NamedRowRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

public interface LoadRepository extends NamedRowRepository<Load> {

    /** Global search: loads whose name or any step's name or text contains the text, ignoring case. */
    @Query("""
            select distinct l from Load l left join l.steps s
            where lower(l.name) like lower(concat('%', :text, '%'))
               or lower(s.name) like lower(concat('%', :text, '%'))
               or lower(s.text) like lower(concat('%', :text, '%'))
            order by l.name""")
    List<Load> search(String text);

    /** Loads with a mapping whose source entity, or whose target, has a schema or name that contains the text. */
    @Query("""
            select distinct l from Load l join l.mappings m join m.source e join l.target t
            where lower(e.name) like lower(concat('%', :text, '%'))
               or lower(e.schemaName) like lower(concat('%', :text, '%'))
               or lower(t.name) like lower(concat('%', :text, '%'))
               or lower(t.schemaName) like lower(concat('%', :text, '%'))""")
    List<Load> searchMappedEntities(String text);

    /** Loads that map a target attribute, or through a transformation type, whose name contains the text. */
    @Query("""
            select distinct l from Load l join l.attributeMappings a
            where lower(a.targetAttribute) like lower(concat('%', :text, '%'))
               or lower(a.transformationType) like lower(concat('%', :text, '%'))""")
    List<Load> searchMappedTargets(String text);

    /** Loads that map a source attribute whose name contains the text. */
    @Query("""
            select distinct l from Load l join l.mappingSources s
            where lower(s.sourceAttribute) like lower(concat('%', :text, '%'))""")
    List<Load> searchMappedSources(String text);

    List<Load> findTop10ByOrderByUpdatedAtDesc();

    /** Soft-deleted loads, newest first: id, name, deleted_at. */
    @Query(value = "select id, name, deleted_at from entity_load where deleted_at is not null order by deleted_at desc",
            nativeQuery = true)
    List<Object[]> deleted();

    /** Entities that a (deleted) load targets or reads and that are themselves deleted. */
    @Query(value = """
            select e.schema_name, e.name from dw_entity e
            where e.deleted_at is not null
              and (e.id = (select l.target_entity_id from entity_load l where l.id = :id)
                   or e.id in (select s.entity_id from load_source s where s.load_id = :id)
                   or e.id in (select m.source_entity_id from load_mapping m where m.load_id = :id))""",
            nativeQuery = true)
    List<Object[]> deletedEntitiesOf(long id);

    @Modifying(clearAutomatically = true, flushAutomatically = true)
    @Query(value = "update entity_load set deleted_at = null, row_version = row_version + 1 where id = :id and deleted_at is not null",
            nativeQuery = true)
    int restore(long id);
}
