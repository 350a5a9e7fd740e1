package io.loadsmith.store;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import org.springframework.core.io.ClassPathResource;
import org.springframework.http.HttpMethod;

import tools.jackson.databind.JsonNode;

/**
 * The small Data Vault of {@link DataVaultOverApiH2Test}, built through the REST API as a user's tooling
 * would: the commercial designer's published default configuration imported, the types it lacks
 * created, then entities and loads with one mapping each and no SQL steps. "Try the model"
 * (io.loadsmith.tryit.TryModelApiTest) runs the same model in the sandbox.
 */
public final class DataVaultModelOverApi {

    private static final String PACKAGE = "dv_e2e";

    private final Api api;

    private long packageId;
    private final Map<String, Long> entityIds = new LinkedHashMap<>();
    private final Map<String, Long> loadIds = new LinkedHashMap<>();

    private static String fixture(String name) throws Exception {
        return new ClassPathResource("ade/default/" + name + ".json").getContentAsString(StandardCharsets.UTF_8);
    }

    public DataVaultModelOverApi(Api api) {
        this.api = api;
    }

    /** Imports the default configuration and creates the types, entities and loads. */
    public void build() throws Exception {
        // 1. The vendor's default configuration, as AdeDefaultConfigurationTest imports it.
        Api.Raw imported = api.raw(HttpMethod.POST, "/api/v1/packages/import/ade/batch", ("[" + fixture("CONFIG_LOAD_TRANSFORMATIONS")
                + ",\n" + fixture("CONFIG_ENTITY_DEFAULTS") + ",\n" + fixture("CONFIG_LOAD_TEMPLATES") + "]").getBytes(StandardCharsets.UTF_8));
        assertThat(imported.status()).as(imported.text()).isEqualTo(200);

        // 2. The default configuration brings HUB only; the other types the model needs are created here.
        for (String type : List.of("DV_RECORD_SOURCE", "DV_DATAHASH", "DV_REFERENCING_HASHKEY")) {
            api.create("/api/v1/attribute-types", obj("name", type));
        }
        for (String type : List.of("STAGE", "LINK", "SAT", "SAT_MA", "S_SAT", "PSA")) {
            api.create("/api/v1/entity-types", obj("name", type, "defaultSchema", type.equals("STAGE") ? "stage" : "rdv",
                    "defaultPhysicalType", "TABLE"));
        }
        for (String type : List.of("SAT_C", "SAT_MA_C")) {
            api.create("/api/v1/entity-types", obj("name", type, "defaultSchema", "rdv", "defaultPhysicalType", "VIEW"));
        }
        packageId = api.create("/api/v1/packages", obj("name", PACKAGE)).get("id").asLong();
        // A status satellite's rows take the run's load time (CURRENT_TS). So that each run's time is known
        // here, the team's own CURRENT_TS reads it from a load option (only that load leaves DV_LOAD_TIME unmapped).
        api.create("/api/v1/transformation-types", obj("name", "CURRENT_TS", "formulas",
                Map.of("default", "TIMESTAMP '${loadOpt(\"RUN_TIME\")?replace(\"T\", \" \")}'")));

        // 3. Entities. Raw tables (what the stage loads read), then the stages and the vault.
        entity(obj("schema", "raw", "name", "customer_src", "logicalName", "customer_src", "attributes", List.of(
                attr("customer_id", "VARCHAR", 50), attr("name", "VARCHAR", 50), attr("city", "VARCHAR", 50),
                attr("phone", "VARCHAR", 20), attr("load_ts", "TIMESTAMP", null), attr("rec_src", "VARCHAR", 20))));
        entity(obj("schema", "raw", "name", "order_src", "logicalName", "order_src", "attributes", List.of(
                attr("order_id", "VARCHAR", 50), attr("customer_id", "VARCHAR", 50), attr("amount", "INTEGER4", null),
                attr("load_ts", "TIMESTAMP", null), attr("rec_src", "VARCHAR", 20))));
        entity(obj("entityType", "STAGE", "schema", "stage", "name", "stg_customer", "logicalName", "stg_customer", "attributes", List.of(
                attr("customer_id", "VARCHAR", 50), attr("name", "VARCHAR", 50), attr("city", "VARCHAR", 50),
                attr("phone", "VARCHAR", 20), attr("load_ts", "TIMESTAMP", null), attr("rec_src", "VARCHAR", 20))));
        entity(obj("entityType", "STAGE", "schema", "stage", "name", "stg_order", "logicalName", "stg_order", "attributes", List.of(
                attr("order_id", "VARCHAR", 50), attr("customer_id", "VARCHAR", 50), attr("amount", "INTEGER4", null),
                attr("load_ts", "TIMESTAMP", null), attr("rec_src", "VARCHAR", 20))));
        // Hubs of the imported type: its default attributes come first (dv_id, dv_load_time, dv_run_id, dv_status, dv_load_name).
        entity(obj("entityType", "HUB", "logicalName", "CUSTOMER", "attributes", List.of(
                typed("customer_bk", "VARCHAR", 200, "BUSINESS_KEY"), typed("dv_record_source", "VARCHAR", 20, "DV_RECORD_SOURCE"))));
        entity(obj("entityType", "HUB", "logicalName", "ORDER", "attributes", List.of(
                typed("order_bk", "VARCHAR", 200, "BUSINESS_KEY"), typed("dv_record_source", "VARCHAR", 20, "DV_RECORD_SOURCE"))));
        entity(obj("entityType", "LINK", "schema", "rdv", "name", "L_CUSTOMER_ORDER", "logicalName", "CUSTOMER_ORDER", "attributes", List.of(
                typed("dv_id", "CHAR", 32, "DV_HASHKEY"), typed("dv_id_customer", "CHAR", 32, "DV_REFERENCING_HASHKEY"),
                typed("dv_id_order", "CHAR", 32, "DV_REFERENCING_HASHKEY"), typed("dv_load_time", "TIMESTAMP", null, "DV_LOAD_TIME"),
                typed("dv_record_source", "VARCHAR", 20, "DV_RECORD_SOURCE"))));
        entity(obj("entityType", "SAT", "schema", "rdv", "name", "S_CUSTOMER", "logicalName", "S_CUSTOMER", "attributes", List.of(
                typed("dv_id", "CHAR", 32, "DV_HASHKEY"), typed("dv_load_time", "TIMESTAMP", null, "DV_LOAD_TIME"),
                typed("dv_record_source", "VARCHAR", 20, "DV_RECORD_SOURCE"), typed("dv_datahash", "CHAR", 32, "DV_DATAHASH"),
                attr("name", "VARCHAR", 50), attr("city", "VARCHAR", 50))));
        entity(obj("entityType", "SAT_C", "schema", "rdv", "name", "S_CUSTOMER_C", "logicalName", "S_CUSTOMER_C",
                "physicalType", "VIEW", "attributes", List.of(
                typed("dv_id", "CHAR", 32, "DV_HASHKEY"), typed("dv_load_time", "TIMESTAMP", null, "DV_LOAD_TIME"),
                attr("name", "VARCHAR", 50), attr("city", "VARCHAR", 50))));
        entity(obj("entityType", "SAT_MA", "schema", "rdv", "name", "S_CUSTOMER_PHONE", "logicalName", "S_CUSTOMER_PHONE", "attributes", List.of(
                typed("dv_id", "CHAR", 32, "DV_HASHKEY"), typed("dv_load_time", "TIMESTAMP", null, "DV_LOAD_TIME"),
                typed("dv_record_source", "VARCHAR", 20, "DV_RECORD_SOURCE"), typed("dv_datahash", "CHAR", 32, "DV_DATAHASH"),
                attr("phone", "VARCHAR", 20))));
        entity(obj("entityType", "SAT_MA_C", "schema", "rdv", "name", "S_CUSTOMER_PHONE_C", "logicalName", "S_CUSTOMER_PHONE_C",
                "physicalType", "VIEW", "attributes", List.of(
                typed("dv_id", "CHAR", 32, "DV_HASHKEY"), typed("dv_load_time", "TIMESTAMP", null, "DV_LOAD_TIME"),
                attr("phone", "VARCHAR", 20))));
        entity(obj("entityType", "S_SAT", "schema", "rdv", "name", "S_CUSTOMER_STATUS", "logicalName", "S_CUSTOMER_STATUS", "attributes", List.of(
                typed("dv_id", "CHAR", 32, "DV_HASHKEY"), typed("dv_load_time", "TIMESTAMP", null, "DV_LOAD_TIME"),
                typed("dv_status", "VARCHAR", 10, "DV_STATUS"), typed("dv_record_source", "VARCHAR", 20, "DV_RECORD_SOURCE"))));
        entity(obj("entityType", "PSA", "schema", "psa", "name", "P_ORDER", "logicalName", "P_ORDER", "attributes", List.of(
                typed("dw_id", "CHAR", 32, "DV_HASHKEY"), typed("dv_load_time", "TIMESTAMP", null, "DV_LOAD_TIME"),
                typed("dw_hash", "CHAR", 32, "DV_DATAHASH"), attr("order_id", "VARCHAR", 50), attr("customer_id", "VARCHAR", 50),
                attr("amount", "INTEGER4", null), attr("rec_src", "VARCHAR", 20))));

        // 4. Loads: a target and one mapping each, no steps.
        load("load_stg_customer", "stage.stg_customer", Map.of(), mapping("raw.customer_src",
                copy("customer_id"), copy("name"), copy("city"), copy("phone"), copy("load_ts"), copy("rec_src")));
        load("load_stg_order", "stage.stg_order", Map.of(), mapping("raw.order_src",
                copy("order_id"), copy("customer_id"), copy("amount"), copy("load_ts"), copy("rec_src")));
        load("load_h_customer", "rdv.H_CUSTOMER", Map.of(), mapping("stage.stg_customer",
                map("dv_id", "HASH_KEY", "customer_id"), map("customer_bk", "BUSINESS_KEY", "customer_id"),
                map("dv_load_time", null, "load_ts"), map("dv_record_source", null, "rec_src"), RUN_ID));
        load("load_h_customer_from_order", "rdv.H_CUSTOMER", Map.of(), mapping("stage.stg_order",
                map("dv_id", "HASH_KEY", "customer_id"), map("customer_bk", "BUSINESS_KEY", "customer_id"),
                map("dv_load_time", null, "load_ts"), map("dv_record_source", null, "rec_src"), RUN_ID));
        load("load_h_order", "rdv.H_ORDER", Map.of(), mapping("stage.stg_order",
                map("dv_id", "HASH_KEY", "order_id"), map("order_bk", "BUSINESS_KEY", "order_id"),
                map("dv_load_time", null, "load_ts"), map("dv_record_source", null, "rec_src"), RUN_ID));
        load("load_l_customer_order", "rdv.L_CUSTOMER_ORDER", Map.of(), mapping("stage.stg_order",
                map("dv_id", "HASH_KEY", "customer_id", "order_id"), map("dv_id_customer", "HASH_KEY", "customer_id"),
                map("dv_id_order", "HASH_KEY", "order_id"), map("dv_load_time", null, "load_ts"),
                map("dv_record_source", null, "rec_src")));
        load("load_s_customer", "rdv.S_CUSTOMER", Map.of(), mapping("stage.stg_customer",
                map("dv_id", "HASH_KEY", "customer_id"), map("dv_load_time", null, "load_ts"),
                map("dv_record_source", null, "rec_src"), map("dv_datahash", "HASH_DIFF", "name", "city"),
                copy("name"), copy("city")));
        load("load_s_customer_c", "rdv.S_CUSTOMER_C", Map.of(), mapping("rdv.S_CUSTOMER",
                copy("dv_id"), copy("dv_load_time"), copy("name"), copy("city")));
        load("load_s_customer_phone", "rdv.S_CUSTOMER_PHONE", Map.of(), mapping("stage.stg_customer",
                map("dv_id", "HASH_KEY", "customer_id"), map("dv_load_time", null, "load_ts"),
                map("dv_record_source", null, "rec_src"), map("dv_datahash", "HASH_LIST", "phone"), copy("phone")));
        load("load_s_customer_phone_c", "rdv.S_CUSTOMER_PHONE_C", Map.of(), mapping("rdv.S_CUSTOMER_PHONE",
                copy("dv_id"), copy("dv_load_time"), copy("phone")));
        load("load_s_customer_status", "rdv.S_CUSTOMER_STATUS", Map.of("OPT_DELTA_EXTRACT", "false"), mapping("stage.stg_customer",
                map("dv_id", "HASH_KEY", "customer_id"), map("dv_record_source", null, "rec_src")));
        load("load_p_order", "psa.P_ORDER", Map.of(), mapping("stage.stg_order",
                map("dw_id", "HASH_KEY", "order_id"), map("dv_load_time", null, "load_ts"),
                map("dw_hash", "HASH_DIFF", "order_id", "customer_id", "amount", "rec_src"),
                copy("order_id"), copy("customer_id"), copy("amount"), copy("rec_src")));
    }

    /** The hub's dv_run_id (NOT NULL in the default configuration) has a RUN_ID type without a formula: a constant here. */
    private static final Map<String, Object> RUN_ID = obj("target", "dv_run_id", "sources", List.of(),
            "transformationType", "CUSTOM", "formula", "0");

    private void entity(Map<String, Object> request) {
        request.put("packageName", PACKAGE);
        JsonNode created = api.create("/api/v1/entities", request);
        entityIds.put(created.get("qualifiedName").asString(), created.get("id").asLong());
    }

    private void load(String name, String target, Map<String, String> options, Map<String, Object> mapping) {
        JsonNode created = api.create("/api/v1/loads", obj("name", name, "target", target, "options", options,
                "mappings", List.of(mapping)));
        assertThat(created.get("steps")).isEmpty();
        loadIds.put(name, created.get("id").asLong());
    }

    public long packageId() {
        return packageId;
    }

    public long loadId(String name) {
        return loadIds.get(name);
    }

    /** An entity's DDL for a dialect, by its qualified name. */
    String ddl(String entity, String dialect) {
        return api.text("/api/v1/entities/" + entityIds.get(entity) + "/ddl?dialect=" + dialect);
    }

    /** A load's SQL for a dialect, by its name. */
    String sql(String load, String dialect) {
        return api.text("/api/v1/loads/" + loadIds.get(load) + "/sql?dialect=" + dialect);
    }

    /** The status satellite's next run time, in its load option RUN_TIME (a PUT of the load, mappings kept). */
    public void setRunTime(String runTime) {
        long id = loadIds.get("load_s_customer_status");
        JsonNode load = api.get("/api/v1/loads/" + id);
        Api.Answer put = api.send(HttpMethod.PUT, "/api/v1/loads/" + id, obj("version", load.get("version").asLong(),
                "name", load.get("name").asString(), "target", load.get("target").asString(),
                "options", Map.of("OPT_DELTA_EXTRACT", "false", "RUN_TIME", runTime)));
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json().get("mappings")).hasSize(1);
    }

    private static Map<String, Object> attr(String name, String datatype, Integer length) {
        return obj("name", name, "datatype", datatype, "dataLength", length);
    }

    private static Map<String, Object> typed(String name, String datatype, Integer length, String attributeType) {
        return obj("name", name, "datatype", datatype, "dataLength", length, "attributeType", attributeType);
    }

    @SafeVarargs
    private static Map<String, Object> mapping(String source, Map<String, Object>... attributes) {
        return obj("source", source, "mappingType", "SOURCE", "attributes", List.of(attributes));
    }

    private static Map<String, Object> map(String target, String transformationType, String... sources) {
        return obj("target", target, "sources", List.of(sources), "transformationType", transformationType);
    }

    private static Map<String, Object> copy(String attribute) {
        return map(attribute, null, attribute);
    }

    /** The SQL package's run order (manifest.json of the working state's SQL package): ddl, check and load files. */
    List<String> runOrder(String dialect) throws Exception {
        JsonNode manifest = Api.JSON.readTree(packageFile(dialect, "manifest.json"));
        return manifest.get("files").valueStream().map(f -> f.get("path").asString()).toList();
    }

    /** A file of the working state's SQL package for a dialect, by its path in the zip. */
    String packageFile(String dialect, String path) throws Exception {
        Api.Raw zip = api.raw(HttpMethod.GET, "/api/v1/packages/" + packageId + "/versions/working/sql-package?dialect=" + dialect, null);
        assertThat(zip.status()).as(zip.text()).isEqualTo(200);
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip.body()))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                if (e.getName().equals(path)) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        }
        throw new AssertionError("no " + path + " in the SQL package");
    }
}
