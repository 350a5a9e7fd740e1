package io.loadsmith.preset;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import io.loadsmith.store.MigrationStores;

/**
 * V18 on H2 and PostgreSQL, with the demo data: a fresh store gets both shipped presets, and a store
 * where an admin already made a preset called scd2_from_source keeps theirs untouched (no steps added,
 * offered to no type by name) and still gets the other.
 */
class ShippedPresetsMigrationTest {

    @Test
    void onH2() {
        migrate(new SingleConnectionDataSource("jdbc:h2:mem:v18_fresh;DB_CLOSE_DELAY=-1", "sa", "", true), false);
        migrate(new SingleConnectionDataSource("jdbc:h2:mem:v18_taken;DB_CLOSE_DELAY=-1", "sa", "", true), true);
    }

    @Test
    void onPostgres() throws Exception {
        migrate(MigrationStores.postgres("loadsmith_v18_fresh"), false);
        migrate(MigrationStores.postgres("loadsmith_v18_taken"), true);
    }

    private static void migrate(DataSource store, boolean nameTaken) {
        MigrationStores.flyway(store, "17.1").migrate();
        JdbcTemplate jdbc = new JdbcTemplate(store);
        // The demo's source, for the first dimension of a fresh install.
        assertThat(jdbc.queryForList("select a.name from dw_attribute a join dw_entity e on e.id = a.entity_id"
                + " where e.schema_name = 'staging' and e.name = 'S_PORT' order by a.position", String.class))
                .containsExactly("port_code", "port_name");
        if (nameTaken) {
            jdbc.update("insert into load_preset (name, description) values ('SCD2_From_Source', 'mine')");
        }

        MigrationStores.flyway(store, "18").migrate();

        List<String> presets = jdbc.queryForList("select name || ' ' || coalesce(offered_to_types, '-') || ' '"
                + " || (select count(*) from load_preset_step s where s.preset_id = p.id) from load_preset p order by lower(name)",
                String.class);
        if (nameTaken) {
            assertThat(presets).containsExactly(
                    "generated_from_mapping HUB,LINK,SAT,SAT_C,SAT_MA,SAT_MA_C,S_SAT,PSA,STAGE,GENERIC,REF,DIM,FACT 0",
                    "SCD2_From_Source - 0");
        } else {
            assertThat(presets).containsExactly(
                    "generated_from_mapping HUB,LINK,SAT,SAT_C,SAT_MA,SAT_MA_C,S_SAT,PSA,STAGE,GENERIC,REF,DIM,FACT 0",
                    "scd2_from_source DIM_SCD2 3");
            assertThat(jdbc.queryForList("select s.step_text from load_preset_step s join load_preset p on p.id = s.preset_id"
                    + " where p.name = 'scd2_from_source' order by s.position", String.class)).containsExactly(
                    "<ftltemplate:scd2_prepare:temp_table_prefix=Z_TMP_>",
                    "<ftltemplate:scd2:temp_table_prefix=Z_TMP_:check_duplicates=true>",
                    "<ftltemplate:scd2_prepare:temp_table_prefix=Z_TMP_:action=drop>");
        }
    }
}
