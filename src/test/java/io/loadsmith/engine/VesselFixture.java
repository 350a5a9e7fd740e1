package io.loadsmith.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/** The seed's vessel SCD2 model (golden/README.md), dialect-neutral, built without a store. */
public final class VesselFixture {

    public static final String SEED_CREATE_TEMP = """
            CREATE TEMPORARY TABLE <target_schema>.Z_TMP_<target_entity_name> AS
            SELECT * FROM vessel_source;""";

    private VesselFixture() {
    }

    public static EntityModel target() {
        List<AttributeModel> attributes = new ArrayList<>(List.of(
                attr("vessel_scd_id", "SCD_ID", "CHAR", 32),
                attr("vessel_id", "DV_HASHKEY", "CHAR", 32),
                attr("datahash", "DV_DATAHASH", "CHAR", 32),
                attr("valid_from", "VALID_FROM", "TIMESTAMP", null),
                attr("valid_to", "VALID_TO", "TIMESTAMP", null),
                attr("validity_status", "VALIDITY_STATUS", "INTEGER1", null),
                attr("mmsi_key", null, "INTEGER8", null),
                attr("vessel_name", null, "VARCHAR", 200),
                attr("vessel_type_code", null, "INTEGER4", null),
                attr("vessel_type", null, "VARCHAR", 200),
                attr("country_code", null, "VARCHAR", 10),
                attr("country", null, "VARCHAR", 100),
                attr("source_system", null, "VARCHAR", 50)));
        return new EntityModel("D_VESSEL_SCD2", "VESSEL", "publish", "DIM_SCD2", "TABLE", attributes);
    }

    public static LoadModel load(String createTempStep) {
        return new LoadModel("load_d_vessel_scd2", target(), List.of(), List.of(
                new StepModel("drop_temp_start", StepType.OVERRIDE, "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;"),
                new StepModel("create_temp_table", StepType.OVERRIDE, createTempStep),
                new StepModel("merge_scd2_with_ftl", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_TMP_>"),
                new StepModel("drop_temp_end", StepType.OVERRIDE, "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;")),
                Map.of());
    }

    public static AttributeModel attr(String name, String type, String datatype, Integer length) {
        return new AttributeModel(name, type, datatype, length, null, null, true, null, null);
    }

    /** Runs of spaces, tabs and newlines count as one space (golden/README.md). */
    public static String normalize(String sql) {
        return sql.replaceAll("\\s+", " ").strip();
    }
}
