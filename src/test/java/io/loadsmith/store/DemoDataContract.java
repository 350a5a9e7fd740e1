package io.loadsmith.store;

import io.loadsmith.engine.Golden;
import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import tools.jackson.databind.JsonNode;

/** A first start with the default Flyway locations shows the seed's vessel load, ready to generate. */
public interface DemoDataContract {

    Api api();

    private long demoLoadId() {
        JsonNode loads = api().get("/api/v1/loads?name=" + VesselModel.LOAD);
        assertThat(loads.size()).isEqualTo(1);
        return loads.get(0).get("id").asLong();
    }

    @Test
    default void demoLoadGeneratesTheSeedSql() {
        String sql = api().text("/api/v1/loads/" + demoLoadId() + "/sql?dialect=snowflake");
        assertThat(Golden.normalize(sql)).isEqualTo(Golden.normalize(Golden.expectedSnowflakeSql()));
    }

    @Test
    default void demoLoadGeneratesWithAnEnvironmentToo() {
        String sql = api().text("/api/v1/loads/" + demoLoadId() + "/sql?dialect=snowflake&environment=dev");
        assertThat(Golden.normalize(sql)).isEqualTo(Golden.normalize(Golden.expectedSnowflakeSql()));
        assertThat(api().get("/api/v1/environments?name=prod").get(0).get("variables").get("warehouse_database")
                .asString()).isEqualTo("DW_PROD");
    }

    @Test
    default void demoModelReadsBackThroughTheApi() {
        JsonNode type = api().get("/api/v1/entity-types?name=DIM_SCD2").get(0);
        assertThat(type.get("packageName").asString()).isEqualTo("demo");
        assertThat(type.get("defaultAttributes").valueStream().map(d -> d.get("defaultAttribute").asString()).toList())
                .containsExactly("SCD_ID", "DV_HASHKEY", "DV_DATAHASH", "VALID_FROM", "VALID_TO", "VALIDITY_STATUS");
        JsonNode entity = api().get("/api/v1/entities?name=" + VesselModel.ENTITY).get(0);
        assertThat(entity.get("attributes").size()).isEqualTo(13);
        assertThat(entity.get("attributes").get(12).get("name").asString()).isEqualTo("source_system");
        JsonNode load = api().get("/api/v1/loads/" + demoLoadId());
        assertThat(load.get("steps").get(1).get("text").asString()).isEqualTo(Golden.createTempStep());
        assertThat(load.get("target").asString()).isEqualTo(VesselModel.ENTITY);
    }

    /**
     * The vessel load declares the raw vault tables its SQL reads (db/demo/V18_1): each one's entity page
     * names the load as its reader, and the lineage draws each as an entity (with its page) read by the load.
     */
    @Test
    default void theDemoLoadIsTheReaderOfEachRawVaultTableItsSqlReads() throws Exception {
        List<String> tables = List.of("rdv.l_t_marine_ais_voyage_digitraffic", "rdv.l_t_marine_ais_voyage_barentswatch",
                "rdv.h_marine_vessel_mmsi", "rdv.r_marine_vessel_country", "rdv.s_marine_vessel_mmsi_digitraffic_c",
                "rdv.s_marine_vessel_mmsi_barentswatch_c", "rdv.s_marine_vessel_type_reference_c");
        JsonNode load = api().get("/api/v1/loads/" + demoLoadId());
        assertThat(load.get("sources").valueStream().map(JsonNode::asString).toList()).containsExactlyElementsOf(tables);
        JsonNode graph = api().get("/api/v1/lineage?package=demo");
        Map<String, JsonNode> nodes = new HashMap<>();
        graph.get("nodes").forEach(n -> nodes.put(n.get("id").asString(), n));
        List<String> readByTheLoad = graph.get("edges").valueStream()
                .filter(e -> VesselModel.LOAD.equals(nodes.get(e.get("target").asString()).get("name").asString()))
                .map(e -> nodes.get(e.get("source").asString())).map(n -> n.get("name").asString() + " " + n.path("url").asString(""))
                .toList();
        for (String table : tables) {
            long id = api().get("/api/v1/entities?name=" + table).get(0).get("id").asLong();
            String page = api().mvc().perform(MockMvcRequestBuilders.get("/entities/" + id).accept(MediaType.TEXT_HTML))
                    .andReturn().getResponse().getContentAsString(StandardCharsets.UTF_8);
            assertThat(Jsoup.parse(page).select("#entity-related a.read-by").eachText()).as(table)
                    .containsExactly(VesselModel.LOAD);
            assertThat(readByTheLoad).as("the lineage's edges into the load").contains(table + " /entities/" + id);
        }
        assertThat(readByTheLoad).hasSize(tables.size());
    }

    /** The demo inserted no explicit ids, so identity sequences hand out fresh ones afterwards. */
    @Test
    default void newRowsAfterTheDemoGetFreshIds() {
        JsonNode created = api().create("/api/v1/attribute-types", obj("name", "DEMO_EXTRA_TYPE"));
        assertThat(created.get("id").asLong()).isPositive();
        JsonNode entity = api().create("/api/v1/entities", obj("logicalName", "HARBOUR", "entityType", "DIM_SCD2",
                "attributes", java.util.List.of(VesselModel.attribute("harbour_code", "VARCHAR", 5))));
        assertThat(entity.get("name").asString()).isEqualTo("D_HARBOUR_SCD2");
        assertThat(entity.get("attributes").get(0).get("name").asString()).isEqualTo("harbour_scd_id");
        assertThat(entity.get("attributes").size()).isEqualTo(7);
    }
}
