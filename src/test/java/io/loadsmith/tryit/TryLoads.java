package io.loadsmith.tryit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.http.HttpMethod;

import io.loadsmith.store.Api;
import tools.jackson.databind.JsonNode;

/** Loads made for trying, and readers of the try's JSON answer. */
class TryLoads {

    private static final AtomicInteger NAMES = new AtomicInteger();
    static final String A = "a0000000000000000000000000000001";
    static final String B = "b0000000000000000000000000000002";

    private final Api api;

    TryLoads(Api api) {
        this.api = api;
    }


    String source;

    long demoLoad() {
        return api.send(HttpMethod.GET, "/api/v1/loads?name=load_d_vessel_scd2", null).json().get(0).get("id").asLong();
    }

    JsonNode tryLoad(long id, List<Map<String, List<Map<String, Object>>>> batches) {
        Api.Answer answer = api.send(HttpMethod.POST, "/api/v1/loads/" + id + "/try",
                Map.of("batches", batches.stream().map(b -> Map.of("tables", b)).toList()));
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json();
    }

    static Map<String, List<Map<String, Object>>> vessels(Map<String, Object>... rows) {
        List<Map<String, Object>> hub = new ArrayList<>();
        List<Map<String, Object>> names = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            hub.add(Map.of("dv_id", row.get("id"), "business_key", "230000001", "dv_source_system", "ais"));
            names.add(Map.of("dv_id", row.get("id"), "name", row.get("name")));
        }
        return Map.of("rdv.h_marine_vessel_mmsi", hub, "rdv.s_marine_vessel_mmsi_digitraffic_c", names);
    }

    static Map<String, Object> row(String id, String name) {
        return Map.of("id", id, "name", name);
    }

    static JsonNode targetTable(JsonNode batch) {
        for (JsonNode table : batch.get("tables")) {
            if (table.get("target").asBoolean()) {
                return table;
            }
        }
        throw new AssertionError("no target in " + batch);
    }

    /** Column names of a table result (strings) or of an input table (objects with a name). */
    static List<String> columns(JsonNode table) {
        List<String> columns = new ArrayList<>();
        table.get("columns").forEach(c -> columns.add(c.isObject() ? c.get("name").asString() : c.asString()));
        return columns;
    }

    static List<String> statuses(JsonNode batch) {
        List<String> changes = new ArrayList<>();
        targetTable(batch).get("rows").forEach(r -> changes.add(r.get("change").asString()));
        return changes;
    }

    /** change, vessel_id, vessel_name, validity_status of each target row. */
    static List<List<String>> target(JsonNode batch) {
        JsonNode table = targetTable(batch);
        List<String> columns = columns(table);
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode row : table.get("rows")) {
            JsonNode v = row.get("values");
            rows.add(List.of(row.get("change").asString(), v.get(columns.indexOf("vessel_id")).asString(),
                    v.get(columns.indexOf("vessel_name")).asString(), v.get(columns.indexOf("validity_status")).asString()));
        }
        return rows;
    }

    static Map<String, Object> sourceRow(String id, String name, int qty) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("item_id", id);
        row.put("Item_Name", name);
        row.put("qty", qty);
        return row;
    }

    /** A DIM_SCD2 target fed from a source entity with a mixed-case column, through the scd2 template. */
    long scd2LoadFromASource() {
        int n = NAMES.incrementAndGet();
        String logical = "TRYITEM" + n;
        api.send(HttpMethod.POST, "/api/v1/entities", Map.of("logicalName", "TRY_SRC" + n, "name", "TRY_SRC" + n,
                "schema", "stage", "attributes", List.of(
                        attr("item_id", "VARCHAR", 20), attr("Item_Name", "VARCHAR", 100), attr("qty", "INTEGER4", null))));
        Api.Answer target = api.send(HttpMethod.POST, "/api/v1/entities", Map.of("entityType", "DIM_SCD2",
                "logicalName", logical, "attributes", List.of(
                        attr("Item_Name", "VARCHAR", 100), attr("qty", "INTEGER4", null))));
        assertThat(target.status()).as(target.body()).isEqualTo(201);
        source = "stage.TRY_SRC" + n;
        String sql = "CREATE TABLE <target_schema>.Z_TMP_<target_entity_name> AS SELECT item_id AS "
                + logical.toLowerCase() + "_id, \"Item_Name\", qty, CURRENT_TIMESTAMP AS valid_from FROM " + source + ";";
        return load("try_scd2_" + n, target.json().get("qualifiedName").asString(), List.of(source), List.of(
                step("drop_start", "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;"),
                step("temp", sql),
                step("merge", "<ftltemplate:scd2:temp_table_prefix=Z_TMP_>"),
                step("drop_end", "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;")));
    }

    /**
     * A DIM_SCD2 target whose only step is the scd2 template call, reading its "temp table" as an entity
     * of the model that the load does not list as a source (publish.S_D_TRYORDn_SCD2): a timestamp, a
     * date, a decimal, a nullable text, the key and valid_from. Its name is left in {@link #source}.
     */
    long scd2TemplateOnModelEntity() {
        int n = NAMES.incrementAndGet();
        String logical = "TRYORD" + n;
        Api.Answer target = api.send(HttpMethod.POST, "/api/v1/entities", Map.of("entityType", "DIM_SCD2",
                "logicalName", logical, "attributes", List.of(attr("ordered_at", "TIMESTAMP", null, false),
                        attr("ship_date", "DATE", null, false), decimal("amount", 12, 2), attr("note", "VARCHAR", 100, true))));
        assertThat(target.status()).as(target.body()).isEqualTo(201);
        String targetName = target.json().get("name").asString();
        Api.Answer temp = api.send(HttpMethod.POST, "/api/v1/entities", Map.of("name", "S_" + targetName,
                "logicalName", "S_" + targetName, "schema", target.json().get("schema").asString(), "attributes", List.of(
                        attr(logical.toLowerCase() + "_id", "CHAR", 32, false), attr("ordered_at", "TIMESTAMP", null, false),
                        attr("ship_date", "DATE", null, false), decimal("amount", 12, 2), attr("note", "VARCHAR", 100, true),
                        attr("valid_from", "TIMESTAMP", null, false))));
        assertThat(temp.status()).as(temp.body()).isEqualTo(201);
        source = temp.json().get("qualifiedName").asString();
        return load("try_tpl_" + n, target.json().get("qualifiedName").asString(), List.of(),
                List.of(step("merge", "<ftltemplate:scd2:temp_table_prefix=S_>")));
    }

    /**
     * A DIM_SCD2 customer target (CustomerName NOT NULL, email, and signup_date DATE when asked) loaded as the
     * tester wrote it: a CREATE TEMPORARY TABLE in the target's schema from staging.customer, a table the
     * model does not know, then the scd2 template, with no DROP of the temporary table.
     */
    long customerLoadThroughATemporaryTable(boolean signupDate) {
        int n = NAMES.incrementAndGet();
        String logical = "TRYCUST" + n;
        List<Map<String, Object>> attributes = new ArrayList<>(List.of(attr("CustomerName", "VARCHAR", 100, false),
                attr("email", "VARCHAR", 100, true)));
        if (signupDate) {
            attributes.add(attr("signup_date", "DATE", null, true));
        }
        Api.Answer target = api.send(HttpMethod.POST, "/api/v1/entities", Map.of("entityType", "DIM_SCD2",
                "logicalName", logical, "attributes", attributes));
        assertThat(target.status()).as(target.body()).isEqualTo(201);
        String sql = "CREATE TEMPORARY TABLE <target_schema>.Z_TMP_<target_entity_name> AS\n"
                + "SELECT customer_key AS " + logical.toLowerCase() + "_id, \"CustomerName\", email"
                + (signupDate ? ", signup_date" : "") + ", CURRENT_TIMESTAMP AS valid_from\nFROM staging.customer;";
        return load("try_cust_" + n, target.json().get("qualifiedName").asString(), List.of(), List.of(
                step("temp", sql), step("merge", "<ftltemplate:scd2:temp_table_prefix=Z_TMP_>")));
    }

    static Map<String, Object> customer(String key, String name, String email) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("customer_key", key);
        row.put("CustomerName", name);
        row.put("email", email);
        return row;
    }

    /** A load of one SQL step into a small target of its own. */
    long sqlLoad(String stepSql) {
        int n = NAMES.incrementAndGet();
        Api.Answer target = api.send(HttpMethod.POST, "/api/v1/entities", Map.of("logicalName", "TRY_T" + n,
                "name", "TRY_T" + n, "schema", "work", "attributes", List.of(attr("x", "VARCHAR", 100))));
        assertThat(target.status()).as(target.body()).isEqualTo(201);
        return load("try_sql_" + n, "work.TRY_T" + n, List.of(), List.of(step("only", stepSql)));
    }

    private long load(String name, String target, List<String> sources, List<Map<String, Object>> steps) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("name", name);
        request.put("target", target);
        request.put("sources", sources);
        request.put("steps", steps);
        Api.Answer created = api.send(HttpMethod.POST, "/api/v1/loads", request);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("id").asLong();
    }

    private static Map<String, Object> step(String name, String text) {
        return Map.of("name", name, "type", "OVERRIDE", "text", text);
    }

    private static Map<String, Object> attr(String name, String type, Integer length, boolean nullable) {
        Map<String, Object> a = attr(name, type, length);
        a.put("nullable", nullable);
        return a;
    }

    private static Map<String, Object> decimal(String name, int precision, int scale) {
        Map<String, Object> a = attr(name, "DECIMAL", null);
        a.put("dataPrecision", precision);
        a.put("dataScale", scale);
        return a;
    }

    private static Map<String, Object> attr(String name, String type, Integer length) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("name", name);
        a.put("datatype", type);
        if (length != null) {
            a.put("dataLength", length);
        }
        return a;
    }
}
