package io.loadsmith.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import io.loadsmith.generation.StoreChanges;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.problem.NotFoundException;

/**
 * Reads one stored load straight into the generator's {@link LoadModel}: four statements on one
 * connection, no persistence context. The preview and the deployment API read a load on every
 * call and change nothing; through JPA that was eight statements and a fifth of the request's CPU.
 * The mapping is the entities' own ({@code WarehouseEntity.toModel}); StoredLoadsContract holds
 * the two to the same records.
 */
@Component
class StoredLoadReader {

    // Position 0 is the target, 1..n the sources in their order (a load may read its own target).
    // The target's row carries the store's revision, read in the same statement (StoreChanges).
    private static final String ENTITIES = """
            select 0 as position, l.name as load_name, e.id, e.name, e.logical_name, e.schema_name, t.name as type_name,
                   e.physical_type, e.full_refresh_policy, e.case_sensitive,
                   (select max(r.revision) from store_revision r) as store_revision
              from entity_load l
              join dw_entity e on e.id = l.target_entity_id and e.deleted_at is null
              left join entity_type t on t.id = e.entity_type_id
             where l.id = ? and l.deleted_at is null
            union all
            select s.position, null, e.id, e.name, e.logical_name, e.schema_name, t.name,
                   e.physical_type, e.full_refresh_policy, e.case_sensitive, cast(null as bigint)
              from load_source s
              join dw_entity e on e.id = s.entity_id and e.deleted_at is null
              left join entity_type t on t.id = e.entity_type_id
             where s.load_id = ?
             order by position""";

    private static final String ATTRIBUTES = """
            select a.entity_id, a.name, a.attribute_type, a.datatype, a.data_length, a.data_precision, a.data_scale,
                   a.nullable, a.description, a.case_sensitive
              from dw_attribute a
             where a.entity_id in (select l.target_entity_id from entity_load l where l.id = ?
                                   union select s.entity_id from load_source s where s.load_id = ?)
             order by a.entity_id, a.position""";

    private static final String STEPS = "select name, step_type, step_text from load_step where load_id = ? order by position";

    private static final String OPTIONS = "select name, option_value from load_option where load_id = ?";

    private final JdbcTemplate jdbc;
    private final StoreChanges changes;

    StoredLoadReader(JdbcTemplate jdbc, StoreChanges changes) {
        this.jdbc = jdbc;
        this.changes = changes;
    }

    LoadModel read(long loadId) {
        LoadModel model = jdbc.execute((ConnectionCallback<LoadModel>) connection -> read(connection, loadId, changes));
        if (model == null) {
            throw NotFoundException.id("Load", loadId);
        }
        return model;
    }

    private static LoadModel read(Connection connection, long loadId, StoreChanges changes) throws SQLException {
        List<EntityRow> entities = new ArrayList<>();
        try (PreparedStatement st = prepare(connection, ENTITIES, loadId, loadId); ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                if (rs.getInt("position") == 0) {
                    changes.observed(rs.getLong("store_revision"));
                }
                entities.add(new EntityRow(rs.getInt("position"), rs.getString("load_name"), rs.getLong("id"),
                        rs.getString("name"), rs.getString("logical_name"), rs.getString("schema_name"),
                        rs.getString("type_name"), rs.getString("physical_type"), rs.getString("full_refresh_policy"),
                        rs.getBoolean("case_sensitive")));
            }
        }
        if (entities.isEmpty() || entities.get(0).position() != 0) {
            return null;
        }
        Map<Long, List<AttributeModel>> attributes = new HashMap<>();
        try (PreparedStatement st = prepare(connection, ATTRIBUTES, loadId, loadId); ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                String name = rs.getString("name");
                attributes.computeIfAbsent(rs.getLong("entity_id"), id -> new ArrayList<>()).add(new AttributeModel(name,
                        rs.getString("attribute_type"), rs.getString("datatype"), integer(rs, "data_length"),
                        integer(rs, "data_precision"), integer(rs, "data_scale"), rs.getBoolean("nullable"), null,
                        rs.getString("description"), rs.getBoolean("case_sensitive"), name));
            }
        }
        List<StepModel> steps = new ArrayList<>();
        try (PreparedStatement st = prepare(connection, STEPS, loadId); ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                steps.add(new StepModel(rs.getString("name"), StepType.valueOf(rs.getString("step_type")), rs.getString("step_text")));
            }
        }
        Map<String, String> options = new TreeMap<>();
        try (PreparedStatement st = prepare(connection, OPTIONS, loadId); ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                if (rs.getString("option_value") != null) {
                    options.put(rs.getString("name"), rs.getString("option_value"));
                }
            }
        }
        List<EntityModel> models = entities.stream()
                .map(e -> e.toModel(attributes.getOrDefault(e.id(), List.of()))).toList();
        return new LoadModel(entities.get(0).loadName(), models.get(0), models.subList(1, models.size()), steps, options);
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
