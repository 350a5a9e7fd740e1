package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;


import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * Demo migration V18_1 on H2 and PostgreSQL, on a store that is not fresh: an install of the previous
 * version where the user already made a table of one of the demo's new names and gave the demo load a
 * source. The migration must not stop the start (names are unique), must leave the user's table and
 * the load's sources as they were, and still make the demo's other tables with their attributes.
 */
class DemoLoadSourcesMigrationTest {

    @Test
    void onH2() {
        migrate(new SingleConnectionDataSource("jdbc:h2:mem:v18_1_fresh;DB_CLOSE_DELAY=-1", "sa", "", true), false);
        migrate(new SingleConnectionDataSource("jdbc:h2:mem:v18_1_edited;DB_CLOSE_DELAY=-1", "sa", "", true), true);
    }

    @Test
    void onPostgres() throws Exception {
        migrate(MigrationStores.postgres("loadsmith_v18_1_fresh"), false);
        migrate(MigrationStores.postgres("loadsmith_v18_1_edited"), true);
    }

    private static void migrate(DataSource store, boolean edited) {
        MigrationStores.flyway(store, "18").migrate();
        JdbcTemplate jdbc = new JdbcTemplate(store);
        if (edited) {
            // The user's own hub of that name (no package, one column), and a source of their own on the demo load.
            jdbc.update("insert into dw_entity (logical_name, name, schema_name, physical_type, created_at, updated_at)"
                    + " values ('MY_HUB', 'h_marine_vessel_mmsi', 'rdv', 'TABLE', current_timestamp, current_timestamp)");
            jdbc.update("insert into dw_attribute (entity_id, position, name, datatype, nullable)"
                    + " select id, 1, 'mine', 'VARCHAR', true from dw_entity where schema_name = 'rdv'");
            jdbc.update("insert into load_source (load_id, position, entity_id) select l.id, 1, e.id"
                    + " from entity_load l, dw_entity e where l.name = 'load_d_vessel_scd2' and e.schema_name = 'staging'"
                    + " and e.name = 'S_PORT'");
        }

        MigrationStores.flyway(store, "18.1").migrate();

        assertThat(jdbc.queryForList("select e.name || ' ' || count(a.name) from dw_entity e"
                + " left join dw_attribute a on a.entity_id = e.id where e.schema_name = 'rdv' group by e.name order by e.name",
                String.class)).containsExactly(
                "h_marine_vessel_mmsi " + (edited ? 1 : 3),
                "l_t_marine_ais_voyage_barentswatch 3", "l_t_marine_ais_voyage_digitraffic 3",
                "r_marine_vessel_country 3", "s_marine_vessel_mmsi_barentswatch_c 2",
                "s_marine_vessel_mmsi_digitraffic_c 2", "s_marine_vessel_type_reference_c 3");
        String sources = "select e.schema_name || '.' || e.name from load_source s join entity_load l on l.id = s.load_id"
                + " join dw_entity e on e.id = s.entity_id where l.name = 'load_d_vessel_scd2' order by s.position";
        if (edited) {
            assertThat(jdbc.queryForList("select logical_name from dw_entity where name = 'h_marine_vessel_mmsi'", String.class))
                    .containsExactly("MY_HUB");
            assertThat(jdbc.queryForList(sources, String.class)).containsExactly("staging.S_PORT");
        } else {
            assertThat(jdbc.queryForList(sources, String.class)).containsExactly(
                    "rdv.l_t_marine_ais_voyage_digitraffic", "rdv.l_t_marine_ais_voyage_barentswatch",
                    "rdv.h_marine_vessel_mmsi", "rdv.r_marine_vessel_country", "rdv.s_marine_vessel_mmsi_digitraffic_c",
                    "rdv.s_marine_vessel_mmsi_barentswatch_c", "rdv.s_marine_vessel_type_reference_c");
        }
    }
}
