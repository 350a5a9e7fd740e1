package io.loadsmith.store;

import io.loadsmith.engine.Golden;
import static io.loadsmith.store.Api.obj;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builds the seed's vessel model (golden/README.md) through the REST API, as a user's tooling would. */
public final class VesselModel {

    public static final String LOAD = "load_d_vessel_scd2";
    public static final String ENTITY = "publish.D_VESSEL_SCD2";
    public static final String DROP_TEMP = "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;";
    public static final String MERGE_STEP = "<ftltemplate:scd2:temp_table_prefix=Z_TMP_>";

    private VesselModel() {
    }

    /** Creates everything unless the load exists already; returns the load's id. */
    public static long ensure(Api api) {
        var existing = api.get("/api/v1/loads?name=" + LOAD);
        if (!existing.isEmpty()) {
            return existing.get(0).get("id").asLong();
        }
        for (String type : List.of("SCD_ID", "DV_HASHKEY", "DV_DATAHASH", "VALID_FROM", "VALID_TO", "VALIDITY_STATUS")) {
            // Other tests of the same store may have imported these shared types already.
            if (api.get("/api/v1/attribute-types?name=" + type).isEmpty()) {
                api.create("/api/v1/attribute-types", obj("name", type));
            }
        }
        defaultAttribute(api, "SCD_ID", "<entity_logical_name>_scd_id", "CHAR", 32);
        defaultAttribute(api, "DV_HASHKEY", "<entity_logical_name>_id", "CHAR", 32);
        defaultAttribute(api, "DV_DATAHASH", "datahash", "CHAR", 32);
        defaultAttribute(api, "VALID_FROM", "valid_from", "TIMESTAMP", null);
        defaultAttribute(api, "VALID_TO", "valid_to", "TIMESTAMP", null);
        defaultAttribute(api, "VALIDITY_STATUS", "validity_status", "INTEGER1", null);
        api.create("/api/v1/entity-types", obj(
                "name", "DIM_SCD2", "namePrefix", "D_", "nameSuffix", "_SCD2", "defaultSchema", "publish",
                "defaultPhysicalType", "TABLE",
                "defaultAttributes", List.of("SCD_ID", "DV_HASHKEY", "DV_DATAHASH", "VALID_FROM", "VALID_TO",
                        "VALIDITY_STATUS").stream().map(code -> obj("defaultAttribute", code)).toList(),
                "loadTypes", List.of(obj("physicalType", "TABLE", "loadType", "TRANSFORM_PERSIST"))));
        api.create("/api/v1/entities", obj("logicalName", "VESSEL", "entityType", "DIM_SCD2",
                "attributes", businessAttributes()));
        return api.create("/api/v1/loads", load()).get("id").asLong();
    }

    public static List<Map<String, Object>> businessAttributes() {
        return new ArrayList<>(List.of(
                attribute("mmsi_key", "INTEGER8", null),
                attribute("vessel_name", "VARCHAR", 200),
                attribute("vessel_type_code", "INTEGER4", null),
                attribute("vessel_type", "VARCHAR", 200),
                attribute("country_code", "VARCHAR", 10),
                attribute("country", "VARCHAR", 100),
                attribute("source_system", "VARCHAR", 50)));
    }

    public static Map<String, Object> load() {
        return obj("name", LOAD, "target", ENTITY, "steps", List.of(
                step("drop_temp_start", DROP_TEMP),
                step("create_temp_table", Golden.createTempStep()),
                step("merge_scd2_with_ftl", MERGE_STEP),
                step("drop_temp_end", DROP_TEMP)));
    }

    public static Map<String, Object> step(String name, String text) {
        return obj("name", name, "type", "OVERRIDE", "text", text);
    }

    public static Map<String, Object> attribute(String name, String datatype, Integer length) {
        return obj("name", name, "datatype", datatype, "dataLength", length);
    }

    private static void defaultAttribute(Api api, String code, String nameTemplate, String datatype, Integer length) {
        api.create("/api/v1/default-attributes", obj("code", code, "nameTemplate", nameTemplate, "datatype", datatype,
                "dataLength", length, "nullable", true, "attributeType", code));
    }
}
