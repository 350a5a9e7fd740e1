package io.loadsmith.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.StoreCache;
import io.loadsmith.generation.StoreChanges;
import io.loadsmith.generation.context.MappingModels;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.MappingModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.store.ModelRevision;

/**
 * Reads one stored load straight into the generator's {@link LoadModel}: one statement, no
 * persistence context. The preview and the deployment API read a load on every
 * call and change nothing; through JPA that was eight statements and a fifth of the request's CPU.
 * The mapping is the entities' own ({@code WarehouseEntity.toModel}); StoredLoadsContract holds
 * the two to the same records.
 */
@Component
class StoredLoadReader {

    // One statement, so that the load is read at one moment of the store (four statements without a
    // transaction each saw their own: an edit between them gave a model that never existed) and in one
    // round trip instead of four (issue 18.4). Each row says what it is, in the columns they share:
    // E an entity (position 0 the target, carrying the load's name and the store's revision, read in
    // the same statement for StoreChanges; 1..n the sources, and a load may read its own target),
    // L the load's own columns (entity_id: its row version, name: its type, text_value: its description),
    // A an attribute, S a step (schema_name: its kind), O an option, M an entity mapping with its source entity (deleted ones
    // too, flagged in "nullable", to be named rather than left out), T a mapped target attribute
    // (data_length: its mapping's position), U a source attribute of one (data_length: the T's position). A union's column takes the widest of its branches' types
    // (PostgreSQL, H2: StoredLoadsContract reads a step of 1,000,000 characters); the first branch's
    // NULLs are cast so that the column has a type at all.
    // The union is wrapped in a plain select: H2 keeps a session's parsed statements only for a
    // select (SelectUnion is never cached), and parsing this one was half of a live preview's read.
    private static final String LOAD = """
            select * from (
            select 'E' as kind, x.position as pos, e.id as entity_id, l.name as load_name, e.name,
                   e.logical_name as label, e.schema_name, t.name as type_name, e.physical_type, e.full_refresh_policy,
                   cast(null as varchar(1000000)) as text_value, cast(null as integer) as data_length,
                   cast(null as integer) as data_precision, cast(null as integer) as data_scale,
                   e.case_sensitive, cast(null as boolean) as nullable,
                   case when x.position = 0 then (select r.revision from store_revision r where r.id = 1) end as store_revision
              from entity_load l
              join (select 0 as position, l0.target_entity_id as entity_id from entity_load l0 where l0.id = ?
                    union all
                    select s.position, s.entity_id from load_source s where s.load_id = ?) x on 1 = 1
              join dw_entity e on e.id = x.entity_id and e.deleted_at is null
              left join entity_type t on t.id = e.entity_type_id
             where l.id = ? and l.deleted_at is null
            union all
            select 'L', 0, l.row_version, null, l.load_type, null, null, null, null, null, l.description,
                   null, null, null, null, null, null
              from entity_load l
             where l.id = ? and l.deleted_at is null
            union all
            select 'A', a.position, a.entity_id, null, a.name, a.attribute_type, a.datatype, null, null, null,
                   a.description, a.data_length, a.data_precision, a.data_scale, a.case_sensitive, a.nullable, null
              from dw_attribute a
             where a.entity_id in (select l.target_entity_id from entity_load l where l.id = ?
                                   union select s.entity_id from load_source s where s.load_id = ?
                                   union select m.source_entity_id from load_mapping m where m.load_id = ?)
            union all
            select 'S', s.position, null, null, s.name, s.step_type, s.step_kind, null, null, null, s.step_text,
                   null, null, null, null, null, null
              from load_step s
             where s.load_id = ?
            union all
            select 'O', 0, null, null, o.name, null, null, null, null, null, o.option_value,
                   null, null, null, null, null, null
              from load_option o
             where o.load_id = ?
            union all
            select 'M', m.position, e.id, m.name, e.name, e.logical_name, e.schema_name, t.name, e.physical_type,
                   e.full_refresh_policy, m.mapping_type, null, null, null, e.case_sensitive,
                   case when e.deleted_at is null then false else true end, null
              from load_mapping m
              join dw_entity e on e.id = m.source_entity_id
              left join entity_type t on t.id = e.entity_type_id
             where m.load_id = ?
            union all
            select 'T', a.position, null, null, a.target_attribute, a.transformation_type, null, null, null, null,
                   a.custom_formula, a.mapping_position, null, null, null, null, null
              from load_attribute_mapping a
             where a.load_id = ?
            union all
            select 'U', u.position, null, null, u.source_attribute, null, null, null, null, null, null,
                   u.attribute_position, null, null, null, null, null
              from load_mapping_source u
             where u.load_id = ?
            ) rows_of_the_load
             order by kind, pos""";

    private final JdbcTemplate jdbc;
    private final StoreChanges changes;
    private final StoreCache<Long, LoadAsStored> recent;

    StoredLoadReader(JdbcTemplate jdbc, StoreChanges changes, ModelRevision loadsAndEntities) {
        this.jdbc = jdbc;
        this.changes = changes;
        // Loads being edited on this instance: a full cache starts again empty.
        this.recent = loadsAndEntities.cache(256);
    }

    LoadModel read(long loadId) {
        return readAsStored(loadId).model();
    }

    /**
     * As {@link #readAsStored}, but a load read before is not read again while no load or entity
     * changed ({@link ModelRevision}): a change made here at once, one made on another instance
     * sharing the store once this one looks at the revision again. A load that cannot be read is
     * read again each time.
     */
    LoadAsStored recentAsStored(long loadId) {
        return recent.get(loadId, this::readAsStored);
    }

    LoadAsStored readAsStored(long loadId) {
        LoadAsStored load = jdbc.execute((ConnectionCallback<LoadAsStored>) connection -> read(connection, loadId, changes));
        if (load == null) {
            throw NotFoundException.id("Load", loadId);
        }
        return load;
    }

    private static LoadAsStored read(Connection connection, long loadId, StoreChanges changes) throws SQLException {
        List<EntityRow> entities = new ArrayList<>();
        Map<Long, List<AttributeModel>> attributes = new HashMap<>();
        List<StepModel> steps = new ArrayList<>();
        Map<String, String> options = new TreeMap<>();
        List<EntityRow> mappingEntities = new ArrayList<>();
        List<String[]> mappingRows = new ArrayList<>();
        List<MappingModels.Named> targets = new ArrayList<>();
        List<Integer> targetMappings = new ArrayList<>();
        Map<Integer, List<String>> sourcesByTarget = new HashMap<>();
        List<StepKind> kinds = new ArrayList<>();
        long version = 0;
        LoadType loadType = null;
        String description = null;
        long[] ids = new long[12];
        Arrays.fill(ids, loadId);
        try (PreparedStatement st = prepare(connection, LOAD, ids);
             ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                switch (rs.getString("kind")) {
                    case "E" -> {
                        if (rs.getInt("pos") == 0) {
                            changes.observed(rs.getLong("store_revision"));
                        }
                        entities.add(new EntityRow(rs.getInt("pos"), rs.getString("load_name"), rs.getLong("entity_id"),
                                rs.getString("name"), rs.getString("label"), rs.getString("schema_name"),
                                rs.getString("type_name"), rs.getString("physical_type"),
                                rs.getString("full_refresh_policy"), rs.getBoolean("case_sensitive")));
                    }
                    case "A" -> {
                        String name = rs.getString("name");
                        attributes.computeIfAbsent(rs.getLong("entity_id"), id -> new ArrayList<>()).add(new AttributeModel(
                                name, rs.getString("label"), rs.getString("schema_name"), integer(rs, "data_length"),
                                integer(rs, "data_precision"), integer(rs, "data_scale"), rs.getBoolean("nullable"), null,
                                rs.getString("text_value"), rs.getBoolean("case_sensitive"), name));
                    }
                    case "S" -> {
                        steps.add(new StepModel(rs.getString("name"), StepType.valueOf(rs.getString("label")),
                                rs.getString("text_value")));
                        kinds.add(rs.getString("schema_name") == null ? null : StepKind.valueOf(rs.getString("schema_name")));
                    }
                    case "L" -> {
                        version = rs.getLong("entity_id");
                        loadType = LoadType.valueOf(rs.getString("name"));
                        description = rs.getString("text_value");
                    }
                    case "M" -> {
                        if (rs.getBoolean("nullable")) {
                            throw deletedSource(entities.isEmpty() ? loadId : entities.get(0).loadName(), rs);
                        }
                        mappingEntities.add(new EntityRow(rs.getInt("pos"), null, rs.getLong("entity_id"),
                                rs.getString("name"), rs.getString("label"), rs.getString("schema_name"),
                                rs.getString("type_name"), rs.getString("physical_type"),
                                rs.getString("full_refresh_policy"), rs.getBoolean("case_sensitive")));
                        mappingRows.add(new String[] {rs.getString("load_name"), rs.getString("text_value")});
                    }
                    case "T" -> {
                        targets.add(new MappingModels.Named(rs.getString("name"), List.of(), rs.getString("label"),
                                rs.getString("text_value")));
                        targetMappings.add(rs.getInt("data_length"));
                    }
                    case "U" -> sourcesByTarget.computeIfAbsent(rs.getInt("data_length"), p -> new ArrayList<>())
                            .add(rs.getString("name"));
                    default -> {
                        // A map entry with no value is no option (as the JPA mapping reads it).
                        if (rs.getString("text_value") != null) {
                            options.put(rs.getString("name"), rs.getString("text_value"));
                        }
                    }
                }
            }
        }
        if (entities.isEmpty() || entities.get(0).position() != 0) {
            return null;
        }
        List<EntityModel> models = entities.stream()
                .map(e -> e.toModel(attributes.getOrDefault(e.id(), List.of()))).toList();
        String load = entities.get(0).loadName();
        List<MappingModel> mappings = new ArrayList<>();
        for (int i = 0; i < mappingEntities.size(); i++) {
            EntityRow source = mappingEntities.get(i);
            List<MappingModels.Named> mapped = new ArrayList<>();
            for (int a = 0; a < targets.size(); a++) {
                if (targetMappings.get(a) == source.position()) {
                    MappingModels.Named t = targets.get(a);
                    mapped.add(new MappingModels.Named(t.target(), sourcesByTarget.getOrDefault(a + 1, List.of()),
                            t.transformationType(), t.formula()));
                }
            }
            mappings.add(MappingModels.mapping(load, source.position(), mappingRows.get(i)[0], mappingRows.get(i)[1],
                    models.get(0), source.toModel(attributes.getOrDefault(source.id(), List.of())), mapped));
        }
        return new LoadAsStored(new LoadModel(load, models.get(0), models.subList(1, models.size()), steps, options, mappings),
                version, loadType, description, kinds);
    }

    /** A mapping's source entity deleted since (a restore of its load brought the mapping back without it). */
    private static ConflictException deletedSource(Object load, ResultSet rs) throws SQLException {
        return new ConflictException("Load '" + load + "': mapping " + rs.getInt("pos") + " reads entity "
                + rs.getString("schema_name") + "." + rs.getString("name") + ", which is deleted; restore it or"
                + " change the load's mappings.");
    }

    private static PreparedStatement prepare(Connection connection, String sql, long... ids) throws SQLException {
        PreparedStatement st = connection.prepareStatement(sql);
        for (int i = 0; i < ids.length; i++) {
            st.setLong(i + 1, ids[i]);
        }
        return st;
    }

    private static Integer integer(ResultSet rs, String column) throws SQLException {
        int value = rs.getInt(column);
        return rs.wasNull() ? null : value;
    }

    private record EntityRow(int position, String loadName, long id, String name, String logicalName, String schema,
                             String entityType, String physicalType, String fullRefreshPolicy, boolean caseSensitive) {

        EntityModel toModel(List<AttributeModel> attributes) {
            return new EntityModel(name, logicalName, schema, entityType, physicalType, attributes, fullRefreshPolicy,
                    caseSensitive, name);
        }
    }
}
