package io.loadsmith.home.web;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import java.util.List;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

import io.loadsmith.store.H2DemoStoreTest;

/**
 * The global search, which the command palette reads too, finds places as well as definitions:
 * packages with their deployments and lineage pages, environments (by a variable's name too) and an
 * entity's lineage; the navigation leads to a list of packages.
 */
class FindAnythingTest extends H2DemoStoreTest {

    /** Each result row of the search as "Kind | label | link". */
    private List<String> search(String q) throws Exception {
        Document page = Jsoup.parse(mvc.perform(get("/search").param("q", q).accept("text/html"))
                .andReturn().getResponse().getContentAsString());
        return page.select("#search-results tbody tr").stream()
                .map(r -> r.select("td").get(0).text() + " | " + r.selectFirst("a").text() + " | " + r.selectFirst("a").attr("href"))
                .toList();
    }

    @Test
    void aPackageIsFoundWithItsDeploymentsAndLineage() throws Exception {
        assertThat(search("DEMO")).contains("Package | demo | /packages/demo", "Deployments | demo | /packages/demo/deployments",
                "Lineage | demo | /lineage?package=demo");
        assertThat(search("deploy")).contains("Deployments | demo | /packages/demo/deployments")
                .noneMatch(r -> r.startsWith("Package |"));
    }

    @Test
    void anEnvironmentIsFoundByNameDescriptionOrVariable() throws Exception {
        assertThat(search("prod")).contains("Environment | prod | /environments#environment-prod");
        assertThat(search("Production warehouse")).contains("Environment | prod | /environments#environment-prod");
        assertThat(search("warehouse_database")).contains("Environment | dev | /environments#environment-dev",
                "Environment | prod | /environments#environment-prod");
        assertThat(search("no such thing anywhere")).isEmpty();
    }

    @Test
    void anEntityIsFoundWithItsLineagePage() throws Exception {
        // Other tests of this shared store add entities, so the demo's entity is looked up by its name.
        long id = -1;
        for (var entity : api().get("/api/v1/entities")) {
            if ("D_VESSEL_SCD2".equals(entity.get("name").asText()) && "publish".equals(entity.get("schema").asText())) {
                id = entity.get("id").asLong();
            }
        }
        assertThat(search("d_vessel")).contains("Entity | publish.D_VESSEL_SCD2 | /entities/" + id,
                "Lineage | publish.D_VESSEL_SCD2 | /entities/" + id + "/lineage");
    }

    @Test
    void theNavigationLeadsToTheListOfPackages() throws Exception {
        Document home = Jsoup.parse(mvc.perform(get("/").accept("text/html")).andReturn().getResponse().getContentAsString());
        assertThat(home.select("header nav a").eachAttr("href")).contains("/packages");
        Document list = Jsoup.parse(mvc.perform(get("/packages").accept("text/html")).andReturn().getResponse().getContentAsString());
        assertThat(list.select("#package-list tbody tr td:first-child a").eachAttr("href")).contains("/packages/demo");
        assertThat(list.select("#package-list a").eachAttr("href")).contains("/packages/demo/deployments", "/lineage?package=demo");
    }

    @Test
    void aMappingIsFoundByAnAttributeAndLeadsToItsLoadsMappingEditor() throws Exception {
        api().create("/api/v1/entities", obj("logicalName", "Orders", "name", "Orders", "schema", "find_src",
                "physicalType", "TABLE", "attributes", List.of(obj("name", "order_ref", "datatype", "VARCHAR", "dataLength", 20))));
        api().create("/api/v1/entities", obj("logicalName", "hub_order", "name", "hub_order", "schema", "find_tgt",
                "physicalType", "TABLE", "attributes", List.of(obj("name", "hk", "datatype", "CHAR", "dataLength", 32))));
        long load = api().create("/api/v1/loads", obj("name", "load_find_hub_order", "target", "find_tgt.hub_order",
                "steps", List.of(obj("name", "s", "type", "OVERRIDE", "text", "SELECT 1")),
                "mappings", List.of(obj("source", "find_src.Orders", "attributes",
                        List.of(obj("target", "hk", "sources", List.of("order_ref"), "transformationType", "HASH_KEY"))))))
                .get("id").asLong();
        assertThat(search("ORDER_REF")).contains(
                "Mapping | find_src.Orders → find_tgt.hub_order | /loads/" + load + "#mapping-editor");
    }
}
