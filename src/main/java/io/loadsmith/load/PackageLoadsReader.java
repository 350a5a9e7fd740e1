package io.loadsmith.load;

import static io.loadsmith.store.PackageRows.instant;
import static io.loadsmith.store.PackageRows.byOwner;
import static io.loadsmith.store.PackageRows.each;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import io.loadsmith.store.PackageRows;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.model.StepType;

/**
 * Reads the loads of a package (a load belongs to its target's package) by JDBC: four statements,
 * no persistence context, as {@link StoredLoadReader} does for one load. The mapping is
 * {@code LoadService.toResponse}'s; StoredPackagesContract holds the two to the same records on
 * H2 and PostgreSQL.
 */
@Component
class PackageLoadsReader {

    private static final String LOADS = "select l.id, l.row_version, l.name, t.schema_name, t.name, l.load_type,"
            + " l.description, l.created_at, l.updated_at, p.name " + liveLoads("") + " order by l.name";

    private static final String SOURCES = "select s.load_id, e.schema_name, e.name " + liveLoads(
            " join load_source s on s.load_id = l.id join dw_entity e on e.id = s.entity_id and e.deleted_at is null")
            + " order by s.load_id, s.position";

    private static final String STEPS = "select s.load_id, s.name, s.step_type, s.step_text, s.step_kind "
            + liveLoads(" join load_step s on s.load_id = l.id") + " order by s.load_id, s.position";

    private static final String OPTIONS = "select o.load_id, o.name, o.option_value "
            + liveLoads(" join load_option o on o.load_id = l.id");

    private static final String MAPPINGS = "select m.load_id, m.position, e.schema_name, e.name, m.mapping_type, m.name "
            + liveLoads(" join load_mapping m on m.load_id = l.id join dw_entity e on e.id = m.source_entity_id")
            + " order by m.load_id, m.position";

    private static final String ATTRIBUTE_MAPPINGS = "select a.load_id, a.position, a.mapping_position, a.target_attribute,"
            + " a.transformation_type, a.custom_formula " + liveLoads(" join load_attribute_mapping a on a.load_id = l.id")
            + " order by a.load_id, a.position";

    private static final String MAPPING_SOURCES = "select u.load_id, u.attribute_position, u.source_attribute "
            + liveLoads(" join load_mapping_source u on u.load_id = l.id") + " order by u.load_id, u.position";

    private final JdbcTemplate jdbc;

    PackageLoadsReader(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    List<LoadResponse> ofPackage(String packageName) {
        return PackageRows.read(jdbc, packageName, PackageLoadsReader::read);
    }

    private static List<LoadResponse> read(Connection connection, String packageName) throws SQLException {
        Map<Long, List<String>> sources = byOwner(connection, SOURCES, packageName,
                rs -> rs.getString(2) + "." + rs.getString(3));
        Map<Long, List<StepJson>> steps = byOwner(connection, STEPS, packageName, rs -> new StepJson(rs.getString(2),
                StepType.valueOf(rs.getString(3)), rs.getString(4),
                rs.getString(5) == null ? null : StepKind.valueOf(rs.getString(5))));
        Map<Long, TreeMap<String, String>> options = new HashMap<>();
        each(connection, OPTIONS, packageName, rs -> {
            // A map entry with no value is no option (as StoredLoadReader reads it).
            if (rs.getString(3) != null) {
                options.computeIfAbsent(rs.getLong(1), id -> new TreeMap<>()).put(rs.getString(2), rs.getString(3));
            }
        });
        Map<Long, List<EntityMapping>> mappings = mappings(connection, packageName);
        List<LoadResponse> loads = new ArrayList<>();
        each(connection, LOADS, packageName, rs -> {
            long id = rs.getLong(1);
            loads.add(new LoadResponse(id, rs.getLong(2), rs.getString(3), rs.getString(4) + "." + rs.getString(5),
                    rs.getString(10), LoadType.valueOf(rs.getString(6)), rs.getString(7),
                    List.copyOf(sources.getOrDefault(id, List.of())), List.copyOf(steps.getOrDefault(id, List.of())),
                    options.getOrDefault(id, new TreeMap<>()), instant(rs, 8), instant(rs, 9),
                    mappings.getOrDefault(id, List.of())));
        });
        return loads;
    }

    /** Each load's entity mappings, from their three tables (see Load.replaceMappings). */
    private static Map<Long, List<EntityMapping>> mappings(Connection connection, String packageName) throws SQLException {
        Map<Long, Map<Integer, List<String>>> sources = new HashMap<>();
        each(connection, MAPPING_SOURCES, packageName, rs -> sources.computeIfAbsent(rs.getLong(1), id -> new HashMap<>())
                .computeIfAbsent(rs.getInt(2), p -> new ArrayList<>()).add(rs.getString(3)));
        Map<Long, Map<Integer, List<AttributeMapping>>> attributes = new HashMap<>();
        each(connection, ATTRIBUTE_MAPPINGS, packageName, rs -> {
            long load = rs.getLong(1);
            attributes.computeIfAbsent(load, id -> new HashMap<>()).computeIfAbsent(rs.getInt(3), p -> new ArrayList<>())
                    .add(new AttributeMapping(rs.getString(4), sources.getOrDefault(load, Map.of())
                            .getOrDefault(rs.getInt(2), List.of()), rs.getString(5), rs.getString(6)));
        });
        Map<Long, List<EntityMapping>> mappings = new HashMap<>();
        each(connection, MAPPINGS, packageName, rs -> {
            long load = rs.getLong(1);
            mappings.computeIfAbsent(load, id -> new ArrayList<>()).add(new EntityMapping(
                    rs.getString(3) + "." + rs.getString(4), rs.getString(5), rs.getString(6),
                    attributes.getOrDefault(load, Map.of()).getOrDefault(rs.getInt(2), List.of())));
        });
        return mappings;
    }

    /** The package's live loads, with {@code joins} to their rows in another table. */
    private static String liveLoads(String joins) {
        return "from entity_load l join dw_entity t on t.id = l.target_entity_id and t.deleted_at is null"
                + " join metadata_package p on p.id = t.package_id" + joins
                + " where p.name = ? and l.deleted_at is null";
    }
}
