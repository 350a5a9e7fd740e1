package io.loadsmith.lineage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

import io.loadsmith.store.Api;
import io.loadsmith.store.H2DemoStoreTest;
import tools.jackson.databind.JsonNode;

/** GET /api/v1/lineage on the demo store: the vessel load's reads and target, and a chain's upstream and downstream. */
class LineageApiTest extends H2DemoStoreTest {

    @Test
    void theDemoPackageIsTheVesselLoadBetweenItsRawTablesAndTheDimension() {
        JsonNode graph = api().send(HttpMethod.GET, "/api/v1/lineage?package=demo", null).json();
        List<String> edges = edges(graph);
        assertThat(edges).contains("load_d_vessel_scd2 -> publish.D_VESSEL_SCD2",
                "rdv.h_marine_vessel_mmsi -> load_d_vessel_scd2", "rdv.r_marine_vessel_country -> load_d_vessel_scd2");
        // CTE names and the load's own temporary table are not tables of the lineage.
        assertThat(edges).noneMatch(e -> e.contains("voyages_digi") || e.contains("Z_TMP_") || e.contains("vessel ->"));
        assertThat(edges).hasSize(8);
        Api.Answer unknown = api().send(HttpMethod.GET, "/api/v1/lineage?package=nope", null);
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body()).contains("names no package");
    }

    @Test
    void anEntitysLineageIsEverythingUpstreamAndDownstreamOfIt() {
        long a = entity("raw", "LIN_A");
        long b = entity("stage", "LIN_B");
        long c = entity("mart", "LIN_C");
        entity("mart", "LIN_UNRELATED");
        load("lin_load1", "stage.LIN_B", List.of(), "INSERT INTO <target_schema>.<target_entity_name> SELECT x FROM raw.LIN_A;");
        load("lin_load2", "mart.LIN_C", List.of("stage.LIN_B"),
                "INSERT INTO <target_schema>.<target_entity_name> SELECT x FROM <source_entity_schema>.<source_entity_name>;");
        JsonNode graph = api().send(HttpMethod.GET, "/api/v1/lineage?entity=" + c, null).json();
        assertThat(edges(graph)).containsExactlyInAnyOrder("raw.LIN_A -> lin_load1", "lin_load1 -> stage.LIN_B",
                "stage.LIN_B -> lin_load2", "lin_load2 -> mart.LIN_C");
        JsonNode downstream = api().send(HttpMethod.GET, "/api/v1/lineage?entity=" + a, null).json();
        assertThat(edges(downstream)).hasSize(4);
        assertThat(graph.get("nodes").toString()).contains("\"url\":\"/entities/" + b + "\"").doesNotContain("LIN_UNRELATED");
    }

    private static List<String> edges(JsonNode graph) {
        java.util.Map<String, String> names = new java.util.HashMap<>();
        graph.get("nodes").forEach(n -> names.put(n.get("id").asString(), n.get("name").asString()));
        List<String> edges = new ArrayList<>();
        graph.get("edges").forEach(e -> edges.add(names.get(e.get("source").asString()) + " -> "
                + names.get(e.get("target").asString())));
        return edges;
    }

    private long entity(String schema, String name) {
        Api.Answer created = api().send(HttpMethod.POST, "/api/v1/entities", Map.of("logicalName", name, "name", name,
                "schema", schema, "attributes", List.of(Map.of("name", "x", "datatype", "VARCHAR", "dataLength", 10))));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("id").asLong();
    }

    private void load(String name, String target, List<String> sources, String sql) {
        Api.Answer created = api().send(HttpMethod.POST, "/api/v1/loads", Map.of("name", name, "target", target,
                "sources", sources, "steps", List.of(Map.of("name", "copy", "type", "OVERRIDE", "text", sql))));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
    }
}
