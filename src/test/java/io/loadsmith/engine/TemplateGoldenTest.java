package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.entity;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.engine.Golden;

/**
 * Snowflake, BigQuery, Redshift, SQL Server, Synapse and Fabric cannot run here: their output of every
 * library template is compared to golden files in src/test/resources/golden/templates/, reviewed by
 * eye when written (the four latter are also read by a parser: DialectSyntaxTest). The customer's
 * price plan column is called tariff: PLAN is a reserved word of T-SQL. To rewrite
 * them after an intended change: mvn test -Dtest=TemplateGoldenTest -Dgolden.update=true, then
 * review the diff.
 */
class TemplateGoldenTest {

    private static final Path DIR = Path.of("src/test/resources/golden/templates");

    static final EntityModel CUSTOMER_SRC = entity("stage", "customer_src",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("tariff", "VARCHAR"),
            attr("status", "VARCHAR"), attr("updated_at", "TIMESTAMP"));
    static final EntityModel CUSTOMER_HIST = entity("stage", "customer_hist",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("tariff", "VARCHAR"),
            attr("status", "VARCHAR"), attr("updated_at", "TIMESTAMP"), attr("snapshot_date", "TIMESTAMP"));
    static final EntityModel CUSTOMER_SNAP = entity("dw", "customer_snap",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("tariff", "VARCHAR"),
            attr("status", "VARCHAR"), attr("updated_at", "TIMESTAMP"),
            attr("valid_from", "TIMESTAMP"), attr("valid_to", "TIMESTAMP"));
    static final EntityModel CUSTOMER_SNAP_DELETED = entity("dw", "customer_snap",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("tariff", "VARCHAR"),
            attr("status", "VARCHAR"), attr("updated_at", "TIMESTAMP"), attr("is_deleted", "BOOLEAN"),
            attr("valid_from", "TIMESTAMP"), attr("valid_to", "TIMESTAMP"), attr("is_current", "VALIDITY_STATUS", "BOOLEAN", null));
    static final EntityModel CUSTOMER = entity("stage", "customer",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("tariff", "VARCHAR"),
            attr("status", "VARCHAR"), attr("updated_at", "TIMESTAMP"));
    static final EntityModel CUSTOMER_PSA = entity("stage", "customer_psa",
            attr("customer_id", "INTEGER4"), attr("region", "VARCHAR"), attr("tariff", "VARCHAR"),
            attr("status", "VARCHAR"), attr("updated_at", "TIMESTAMP"), attr("datahash", "DV_DATAHASH", "CHAR", 32));
    static final EntityModel EVENTS = entity("stage", "person_cdc",
            attr("person_id", "INTEGER4"), attr("tenant", "VARCHAR"), attr("cdc_operation", null, "CHAR", 1),
            attr("cdc_seq", "INTEGER8"), attr("event_time", "TIMESTAMP"), attr("name", "VARCHAR"), attr("city", "VARCHAR"));
    static final EntityModel PERSON = entity("dw", "person_scd2",
            attr("person_id", "INTEGER4"), attr("tenant", "VARCHAR"), attr("name", "VARCHAR"), attr("city", "VARCHAR"),
            attr("cdc_seq", "INTEGER8"), attr("valid_from", "VALID_FROM", "TIMESTAMP", null),
            attr("valid_to", "VALID_TO", "TIMESTAMP", null), attr("is_current", "VALIDITY_STATUS", "INTEGER1", null));
    static final EntityModel STAGING = entity("stage", "dim_user_staging",
            attr("login", "VARCHAR"), attr("premium_user", "BOOLEAN"), attr("address", "VARCHAR"),
            attr("phone", "VARCHAR"), attr("name", "VARCHAR"));
    static final EntityModel DIM_USER = entity("dw", "dim_user",
            attr("dim_user_id", "SCD_ID", "INTEGER8", null), attr("login", "VARCHAR"), attr("premium_user", "BOOLEAN"),
            attr("address", "VARCHAR"), attr("phone", "VARCHAR"), attr("name", "VARCHAR"),
            attr("scd_version", "SCD_VERSION", "INTEGER4", null), attr("scd_start_date", "VALID_FROM", "TIMESTAMP", null),
            attr("scd_end_date", "VALID_TO", "TIMESTAMP", null), attr("scd_active", "VALIDITY_STATUS", "BOOLEAN", null));

    static final EntityModel VESSEL_REGISTER = entity("staging", "vessel_register",
            attr("mmsi_key", "INTEGER8"), attr("vessel_name", "VARCHAR"), attr("vessel_type_code", "INTEGER4"),
            attr("vessel_type", "VARCHAR"), attr("country_code", "VARCHAR"), attr("country", "VARCHAR"),
            attr("source_system", "VARCHAR"));

    static Map<String, LoadModel> loads() {
        Map<String, LoadModel> loads = new LinkedHashMap<>();
        loads.put("cdc_scd2", Loads.load("cdc_person", PERSON, List.of(EVENTS),
                "<ftltemplate:cdc_scd2:key_columns=person_id,tenant>"));
        loads.put("cdc_scd2_tracked_far_future", Loads.load("cdc_person", PERSON, List.of(EVENTS),
                "<ftltemplate:cdc_scd2:key_columns=person_id,tenant:track_except=city:open_end=far_future>"));
        loads.put("scd_hybrid_rebuild", Loads.load("dim_user_rebuild", DIM_USER, List.of(STAGING),
                "<ftltemplate:scd_hybrid_rebuild:natural_key=login:scd1_columns=name>"));
        loads.put("scd_hybrid_rebuild_deletes_null_end", Loads.load("dim_user_rebuild", DIM_USER, List.of(STAGING),
                "<ftltemplate:scd_hybrid_rebuild:natural_key=login:track_columns=address,phone:open_end=null:invalidate_hard_deletes=true>"));
        loads.put("scd2_options", Loads.load("load_d_vessel_scd2", VesselFixture.target(), List.of(),
                "<ftltemplate:scd2:temp_table_prefix=Z_TMP_:check_duplicates=true:business_key=mmsi_key:open_end=null:invalidate_hard_deletes=true"
                        + ":track_except=vessel_type,source_system>"));
        // The shipped preset scd2_from_source (V18__shipped_presets.sql): scd2's temp table from the source, the merge, the drop.
        loads.put("scd2_from_source", Loads.load("load_d_vessel_scd2", VesselFixture.target(), List.of(VESSEL_REGISTER),
                "<ftltemplate:scd2_prepare:temp_table_prefix=Z_TMP_>",
                "<ftltemplate:scd2:temp_table_prefix=Z_TMP_:check_duplicates=true>",
                "<ftltemplate:scd2_prepare:temp_table_prefix=Z_TMP_:action=drop>"));
        loads.put("snapshot_check_current", Loads.load("snap_customer", CUSTOMER_SNAP, List.of(CUSTOMER_SRC),
                "<ftltemplate:snapshot:strategy=check:unique_key=customer_id,region:check_columns=*:invalidate_hard_deletes=true>"));
        loads.put("snapshot_deletion_records_far_future", Loads.load("snap_customer", CUSTOMER_SNAP_DELETED, List.of(CUSTOMER_SRC),
                "<ftltemplate:snapshot:strategy=check:unique_key=customer_id,region:check_columns=*:deletion_records=true:open_end=far_future>"));
        loads.put("snapshot_timestamp_current", Loads.load("snap_customer", CUSTOMER_SNAP, List.of(CUSTOMER_SRC),
                "<ftltemplate:snapshot:strategy=timestamp:unique_key=customer_id:updated_at=updated_at>"));
        loads.put("snapshot_check_historical", Loads.load("snap_customer", CUSTOMER_SNAP, List.of(CUSTOMER_HIST),
                "<ftltemplate:snapshot:strategy=check:unique_key=customer_id:check_columns=tariff,status"
                        + ":observed_at=snapshot_date:invalidate_hard_deletes=true>"));
        loads.put("snapshot_timestamp_changes", Loads.load("snap_customer", CUSTOMER_SNAP, List.of(CUSTOMER_HIST),
                "<ftltemplate:snapshot:strategy=timestamp:unique_key=customer_id:updated_at=updated_at"
                        + ":observed_at=snapshot_date:historical_input=changes>"));
        loads.put("snapshot_with_audits", Loads.load("snap_customer", CUSTOMER_SNAP, List.of(CUSTOMER_SRC),
                "<ftltemplate:snapshot:strategy=check:unique_key=customer_id:check_columns=*:phase=delta>",
                "<ftltemplate:audit:table=dw.Z_DELTA_customer_snap:type=not_null:columns=customer_id,region>"
                        + "\n<ftltemplate:audit:table=dw.Z_DELTA_customer_snap:type=unique:columns=customer_id,valid_from>"
                        + "\n<ftltemplate:audit:table=dw.Z_DELTA_customer_snap:type=accepted_values:columns=status:values=A,B>"
                        + "\n<ftltemplate:audit:table=dw.Z_DELTA_customer_snap:type=custom:name=no_future:query=\"\"\"SELECT * FROM dw.Z_DELTA_customer_snap WHERE valid_from > CURRENT_TIMESTAMP\"\"\">",
                "<ftltemplate:snapshot:strategy=check:unique_key=customer_id:check_columns=*:phase=apply>"));
        loads.put("truncate_insert", Loads.load("customer_copy", CUSTOMER, List.of(CUSTOMER_SRC), "<ftltemplate:truncate_insert>"));
        loads.put("append", Loads.load("customer_append", CUSTOMER, List.of(CUSTOMER_SRC), "<ftltemplate:append>"));
        loads.put("insert_new_by_datahash", Loads.load("customer_psa", CUSTOMER_PSA, List.of(CUSTOMER_SRC),
                "<ftltemplate:insert_new_by_datahash:key_columns=customer_id>"));
        loads.putAll(auditLoads());
        return loads;
    }

    /** The history templates with audit_history=true (issue 47 item 7); also golden on databricks. */
    static Map<String, LoadModel> auditLoads() {
        Map<String, LoadModel> loads = new LinkedHashMap<>();
        loads.put("scd2_audit", Loads.load("load_d_vessel_scd2", VesselFixture.target(), List.of(),
                "<ftltemplate:scd2:temp_table_prefix=Z_TMP_:business_key=mmsi_key:audit_history=true>"));
        loads.put("cdc_scd2_audit", Loads.load("cdc_person", PERSON, List.of(EVENTS),
                "<ftltemplate:cdc_scd2:key_columns=person_id,tenant:audit_history=true>"));
        loads.put("snapshot_check_current_audit", Loads.load("snap_customer", CUSTOMER_SNAP_DELETED, List.of(CUSTOMER_SRC),
                "<ftltemplate:snapshot:strategy=check:unique_key=customer_id,region:check_columns=*:deletion_records=true"
                        + ":open_end=far_future:audit_history=true>"));
        loads.put("scd_hybrid_rebuild_audit", Loads.load("dim_user_rebuild", DIM_USER, List.of(STAGING),
                "<ftltemplate:scd_hybrid_rebuild:natural_key=login:scd1_columns=name:audit_history=true>"));
        return loads;
    }

    static Stream<Arguments> cases() {
        return Stream.concat(
                loads().keySet().stream().flatMap(name -> Stream.of("snowflake", "bigquery", "redshift", "sqlserver", "synapse", "fabric")
                        .map(d -> Arguments.of(name, d))),
                auditLoads().keySet().stream().map(name -> Arguments.of(name, "databricks")));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void generatedSqlMatchesTheReviewedGoldenFile(String name, String dialect) throws Exception {
        String sql = Loads.sql(loads().get(name), dialect);
        Golden.assertMatches(DIR.resolve(name + "." + dialect + ".sql"), sql);
    }
}
