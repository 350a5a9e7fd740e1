package io.loadsmith.entity;

import static io.loadsmith.store.PackageRows.instant;
import static io.loadsmith.store.PackageRows.integer;
import static io.loadsmith.store.PackageRows.byOwner;
import static io.loadsmith.store.PackageRows.each;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import io.loadsmith.store.PackageRows;

import io.loadsmith.entitytype.PhysicalType;

/**
 * Reads a package's entities with their attributes by JDBC: two statements, no persistence
 * context. A package's snapshot (commit, export) reads every entity of the package; through JPA
 * hydrating 1.5 million attribute rows of a 50,000-load package was most of the export's read.
 * The mapping is {@code EntityService.toResponse}'s; StoredPackagesContract holds the two to the
 * same records on H2 and PostgreSQL.
 */
@Component
class PackageEntitiesReader {

    private static final String ENTITIES = """
            select e.id, e.row_version, e.name, e.logical_name, e.schema_name, t.name as type_name, e.physical_type,
                   p.name as package_name, e.description, e.full_refresh_policy, e.created_at, e.updated_at,
                   e.case_sensitive
              from dw_entity e
              join metadata_package p on p.id = e.package_id
              left join entity_type t on t.id = e.entity_type_id
             where p.name = ? and e.deleted_at is null
             order by e.schema_name, e.name""";

    private static final String ATTRIBUTES = """
            select a.entity_id, a.name, a.datatype, a.data_length, a.data_precision, a.data_scale, a.nullable,
                   a.attribute_type, a.description, a.renamed_from, a.case_sensitive
              from dw_attribute a
              join dw_entity e on e.id = a.entity_id
              join metadata_package p on p.id = e.package_id
             where p.name = ? and e.deleted_at is null
             order by a.entity_id, a.position""";

    private final JdbcTemplate jdbc;

    PackageEntitiesReader(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    List<EntityResponse> ofPackage(String packageName) {
        return PackageRows.read(jdbc, packageName, PackageEntitiesReader::read);
    }

    private static List<EntityResponse> read(Connection connection, String packageName) throws SQLException {
        Map<Long, List<AttributeJson>> attributes = byOwner(connection, ATTRIBUTES, packageName, rs -> new AttributeJson(
                rs.getString(2), rs.getString(3), integer(rs, 4), integer(rs, 5), integer(rs, 6), rs.getBoolean(7),
                rs.getString(8), rs.getString(9), rs.getString(10), rs.getBoolean(11)));
        List<EntityResponse> entities = new ArrayList<>();
        each(connection, ENTITIES, packageName, rs -> {
            long id = rs.getLong(1);
            String name = rs.getString(3);
            String schema = rs.getString(5);
            entities.add(new EntityResponse(id, rs.getLong(2), name, rs.getString(4), schema, schema + "." + name,
                    rs.getString(6), PhysicalType.valueOf(rs.getString(7)), rs.getString(8), rs.getString(9),
                    rs.getString(10), List.copyOf(attributes.getOrDefault(id, List.of())), instant(rs, 11),
                    instant(rs, 12), rs.getBoolean(13)));
        });
        return entities;
    }
}
