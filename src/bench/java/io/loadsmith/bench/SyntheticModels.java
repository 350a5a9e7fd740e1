package io.loadsmith.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/** SCD2 loads shaped like the seed's vessel load, with 30 attributes each (6 technical + 24 business). */
final class SyntheticModels {

    private SyntheticModels() {
    }

    static List<LoadModel> scd2Loads(int count) {
        List<LoadModel> loads = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            loads.add(scd2Load(i));
        }
        return loads;
    }

    static LoadModel scd2Load(int i) {
        String logical = "ENTITY" + i;
        List<AttributeModel> attributes = new ArrayList<>(List.of(
                attr(logical.toLowerCase() + "_scd_id", "SCD_ID", "CHAR", 32),
                attr(logical.toLowerCase() + "_id", "DV_HASHKEY", "CHAR", 32),
                attr("datahash", "DV_DATAHASH", "CHAR", 32),
                attr("valid_from", "VALID_FROM", "TIMESTAMP", null),
                attr("valid_to", "VALID_TO", "TIMESTAMP", null),
                attr("validity_status", "VALIDITY_STATUS", "INTEGER1", null)));
        String[] types = {"VARCHAR", "INTEGER8", "DECIMAL", "TIMESTAMP", "DATE", "BOOLEAN"};
        for (int a = 0; a < 24; a++) {
            String type = types[a % types.length];
            attributes.add(new AttributeModel("attribute_" + a, null, type, "VARCHAR".equals(type) ? 200 : null,
                    "DECIMAL".equals(type) ? 18 : null, "DECIMAL".equals(type) ? 2 : null, true, null, null));
        }
        EntityModel target = new EntityModel("D_" + logical + "_SCD2", logical, "publish", "DIM_SCD2", "TABLE", attributes);
        return new LoadModel("load_d_" + logical.toLowerCase() + "_scd2", target, List.of(), List.of(
                new StepModel("drop_temp_start", StepType.OVERRIDE, "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;"),
                new StepModel("create_temp_table", StepType.OVERRIDE,
                        "CREATE TEMPORARY TABLE <target_schema>.Z_TMP_<target_entity_name> AS SELECT * FROM staging.src_" + i + ";"),
                new StepModel("merge_scd2_with_ftl", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_TMP_>"),
                new StepModel("drop_temp_end", StepType.OVERRIDE, "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;")),
                Map.of());
    }

    private static AttributeModel attr(String name, String type, String datatype, Integer length) {
        return new AttributeModel(name, type, datatype, length, null, null, true, null, null);
    }
}
