package io.loadsmith.packages.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.core.io.ClassPathResource;
import org.springframework.mock.web.MockMultipartFile;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.store.H2DemoStoreTest;

/**
 * The package pages over the demo store, as a browser without JavaScript uses them: contents,
 * commit, list, compare with SQL diffs, export redirect, restore with its confirm page, and import
 * with every problem listed. (Full stack: the pages only call the services the API uses.)
 */
class PackagePagesTest extends H2DemoStoreTest {

    private String page(String path) throws Exception {
        MvcResult result = mvc.perform(MockMvcRequestBuilders.get(path)).andReturn();
        assertThat(result.getResponse().getStatus()).as(path).isEqualTo(200);
        return result.getResponse().getContentAsString(StandardCharsets.UTF_8);
    }

    @Test
    void commitCompareExportAndRestore() throws Exception {
        MvcResult commit = mvc.perform(MockMvcRequestBuilders.post("/packages/demo/commit")
                .param("message", "page commit " + System.nanoTime())).andReturn();
        assertThat(commit.getResponse().getRedirectedUrl()).startsWith("/packages/demo?committed=");
        String number = commit.getResponse().getRedirectedUrl().replaceAll(".*committed=", "");

        String show = page("/packages/demo?committed=" + number);
        // The author is the signed-in user (the base class signs in as admin), not a field of the form.
        assertThat(show).contains("Committed version " + number + ".", "<td>admin</td>", "Download zip");

        MvcResult again = mvc.perform(MockMvcRequestBuilders.post("/packages/demo/commit").param("message", "again"))
                .andReturn();
        assertThat(again.getResponse().getContentAsString()).contains("Nothing to commit");

        String diff = page("/packages/demo/diff?from=" + number + "&to=working&dialect=snowflake");
        assertThat(diff).contains("No object changed.", "The generated SQL is the same.");

        MvcResult export = mvc.perform(MockMvcRequestBuilders.get("/packages/demo/export")
                .param("version", number).param("dialect", "snowflake").param("environment", "dev")).andReturn();
        assertThat(export.getResponse().getRedirectedUrl())
                .matches("/api/v1/packages/\\d+/versions/" + number + "/sql-package\\?dialect=snowflake&environment=dev");

        assertThat(page("/packages/demo/versions/" + number + "/restore")).contains("Restore version " + number);
        MvcResult restore = mvc.perform(MockMvcRequestBuilders.post("/packages/demo/versions/" + number + "/restore"))
                .andReturn();
        assertThat(restore.getResponse().getRedirectedUrl()).isEqualTo("/packages/demo?restored=" + number);
    }

    @Test
    void anEnvironmentMadeOutsideThePackageIsNotOneOfItsChanges() throws Exception {
        // The working state committed (or already the newest version: nothing to commit).
        mvc.perform(MockMvcRequestBuilders.post("/packages/demo/commit").param("message", "before an environment")).andReturn();
        long demo = api().get("/api/v1/packages?name=demo").get(0).get("id").asLong();
        String number = api().get("/api/v1/packages/" + demo + "/versions").get(0).get("number").asText();
        String name = "diff_env_" + System.nanoTime();
        long env = api().create("/api/v1/environments", io.loadsmith.store.Api.obj("name", name,
                "variables", java.util.Map.of("region", "eu"))).get("id").asLong();
        try {
            org.jsoup.nodes.Document diff = org.jsoup.Jsoup.parse(page("/packages/demo/diff?from=" + number + "&to=working"));
            assertThat(diff.select("#diff h2 + p").text()).isEqualTo("No object changed.");
            assertThat(diff.select("#diff-objects")).isEmpty();
            assertThat(diff.select("#diff-shared summary").text())
                    .isEqualTo("Shared by every package: 1 change made outside this package");
            assertThat(diff.select("#diff-shared tbody tr").eachText()).containsExactly("environment " + name + " added");

            // The API says the same: one change, marked shared.
            tools.jackson.databind.JsonNode objects = api().get("/api/v1/packages/" + demo + "/versions/" + number
                    + "/diff/working").get("objects");
            assertThat(objects).hasSize(1);
            assertThat(objects.get(0).get("name").asText()).isEqualTo(name);
            assertThat(objects.get(0).get("shared").asBoolean()).isTrue();
        } finally {
            api().send(org.springframework.http.HttpMethod.DELETE, "/api/v1/environments/" + env, null);
        }
    }

    @Test
    void thePageListsWhatThePackageHoldsAndItsLinksOpenIt() throws Exception {
        org.jsoup.nodes.Document show = org.jsoup.Jsoup.parse(page("/packages/demo"));

        // Other tests of this store may add to the demo package: the vessel and its load are among what it holds.
        assertThat(show.select("#package-entities tbody a").eachText()).contains("publish.D_VESSEL_SCD2");
        assertThat(show.select("#package-loads tbody a").eachText()).contains("load_d_vessel_scd2");
        assertThat(page(show.select("#package-entities tbody a:contains(publish.D_VESSEL_SCD2)").attr("href")))
                .contains("D_VESSEL_SCD2");
        assertThat(page(show.select("#package-loads tbody a:contains(load_d_vessel_scd2)").attr("href")))
                .contains("load_d_vessel_scd2");
        assertThat(org.jsoup.Jsoup.parse(page("/entities?package=demo")).select("#entity-results tbody a").eachText())
                .contains("publish.D_VESSEL_SCD2");
        assertThat(org.jsoup.Jsoup.parse(page("/loads?package=demo")).select("#load-results tbody a").eachText())
                .contains("load_d_vessel_scd2");
    }

    @Test
    void importShowsEveryProblemAndChangesNothing() throws Exception {
        String bad = "{\"name\": \"demo\", \"entities\": [{\"schema\": \"publish\", \"name\": \"X\", \"entityType\": \"NOPE\","
                + " \"logicalName\": \"X\", \"attributes\": [{\"name\": \"1bad\", \"datatype\": \"WHAT\"}]}]}";

        String answer = mvc.perform(MockMvcRequestBuilders.multipart("/packages/import").param("format", "loadsmith")
                .param("json", bad)).andReturn().getResponse().getContentAsString(StandardCharsets.UTF_8);

        assertThat(answer).contains("Nothing was imported.", "$.entities[0].entityType", "$.entities[0].attributes[0].name",
                "$.entities[0].attributes[0].datatype");
        assertThat(page("/entities")).doesNotContain("publish.X<");
    }

    @Test
    void importingTheSameFileAgainShowsItsObjectsUnchanged() throws Exception {
        String json = "{\"name\": \"page_same\", \"entities\": [{\"schema\": \"pgsame\", \"name\": \"ONE\","
                + " \"logicalName\": \"ONE\", \"physicalType\": \"TABLE\","
                + " \"attributes\": [{\"name\": \"id\", \"datatype\": \"INTEGER8\", \"nullable\": true}]}]}";
        List<String> answers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            String answer = mvc.perform(MockMvcRequestBuilders.multipart("/packages/import").param("format", "loadsmith")
                    .param("json", json)).andReturn().getResponse().getContentAsString(StandardCharsets.UTF_8);
            answers.add(org.jsoup.Jsoup.parse(answer).select("[role=status] strong").text());
        }

        assertThat(answers).containsExactly("Imported package page_same: 2 created, 0 updated, 0 unchanged, 0 removed.",
                "Imported package page_same: 0 created, 0 updated, 2 unchanged, 0 removed.");
    }

    @Test
    void importOfTheCommercialToolsEntityDefaultsFromAFile() throws Exception {
        MockMultipartFile file = new MockMultipartFile("file", "CONFIG_ENTITY_DEFAULTS.json", "application/json",
                new ClassPathResource("ade/config_entity_defaults.json").getContentAsByteArray());

        String answer = mvc.perform(MockMvcRequestBuilders.multipart("/packages/import").file(file).param("format", "ade"))
                .andReturn().getResponse().getContentAsString(StandardCharsets.UTF_8);

        assertThat(answer).contains("Imported 1 configuration package, in dependency order:", "CONFIG_ENTITY_DEFAULTS", "config_entity_defaults</a>:");
        assertThat(page("/packages/config_entity_defaults")).contains("No version committed yet.");
    }
}
