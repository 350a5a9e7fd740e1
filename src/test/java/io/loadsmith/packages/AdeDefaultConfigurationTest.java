package io.loadsmith.packages;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.HttpMethod;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

import io.loadsmith.store.Api;
import tools.jackson.databind.JsonNode;

/**
 * The commercial tool's published default configuration (CONFIG_LOAD_TRANSFORMATIONS,
 * CONFIG_ENTITY_DEFAULTS, CONFIG_LOAD_TEMPLATES; fixtures shaped like its exports) imported in one
 * request in the wrong order, then used as a new user would: an entity of the imported type, a load
 * from the type's default preset, its Snowflake SQL. Its own store: the fixtures' names (HASH_KEY,
 * HUB) are the ones other tests' fixtures use too.
 */
@SpringBootTest
@AutoConfigureMockMvc
@org.springframework.context.annotation.Import(io.loadsmith.store.SignedInMockMvc.class)
@WithMockUser(username = "admin", roles = "ADMIN")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AdeDefaultConfigurationTest {

    private static final String BATCH = "/api/v1/packages/import/ade/batch";

    @Autowired
    MockMvc mvc;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:adeconfig;DB_CLOSE_DELAY=-1");
        registry.add("spring.flyway.locations", () -> "classpath:db/migration");
    }

    private Api api() {
        return new Api(mvc);
    }

    static String fixture(String name) throws Exception {
        return new ClassPathResource("ade/default/" + name + ".json").getContentAsString(StandardCharsets.UTF_8);
    }

    /** The three packages, dependents first: the import must order them itself. */
    static byte[] wrongOrder() throws Exception {
        return ("[" + fixture("CONFIG_LOAD_TEMPLATES") + ",\n" + fixture("CONFIG_ENTITY_DEFAULTS") + ",\n"
                + fixture("CONFIG_LOAD_TRANSFORMATIONS") + "]").getBytes(StandardCharsets.UTF_8);
    }

    static String problems(Api.Raw answer) {
        StringBuilder lines = new StringBuilder();
        Api.JSON.readTree(answer.text()).get("problems")
                .forEach(p -> lines.append(p.get("path").asString()).append(": ").append(p.get("message").asString()).append('\n'));
        return lines.toString();
    }

    @Test
    @Order(1)
    void aDependencyMissingFromTheRequestAndTheStoreIsRefusedBeforeAnythingIsWritten() throws Exception {
        Api.Raw answer = api().raw(HttpMethod.POST, BATCH, ("[" + fixture("CONFIG_LOAD_TEMPLATES") + ", "
                + fixture("CONFIG_LOAD_TRANSFORMATIONS") + "]").getBytes(StandardCharsets.UTF_8));

        assertThat(answer.status()).as(answer.text()).isEqualTo(400);
        assertThat(problems(answer)).isEqualTo("$[0].packageDependencies[0]: needs package 'CONFIG_ENTITY_DEFAULTS'"
                + " (packageId 1f0e6c4e-0b7a-4c43-9a34-2f4d8f1b1c11) first: it is neither in this import nor in the store\n");
        assertThat(answer.text()).doesNotContain("Exception", "io.loadsmith", "java.");
        // CONFIG_LOAD_TRANSFORMATIONS needs nothing, and was not imported either.
        assertThat(api().get("/api/v1/packages?name=config_load_transformations")).isEmpty();
        assertThat(api().get("/api/v1/transformation-types?name=RUN_ID")).isEmpty();
    }

    @Test
    @Order(2)
    void aRefusalInALaterPackageKeepsNothingOfTheEarlierOnes() throws Exception {
        String defaults = fixture("CONFIG_ENTITY_DEFAULTS").replace("\"transformationType\": \"DV_STATUS\"",
                "\"transformationType\": \"DV_STATUS_TYPO\"");
        Api.Raw answer = api().raw(HttpMethod.POST, BATCH, ("[" + defaults + ", " + fixture("CONFIG_LOAD_TRANSFORMATIONS")
                + "]").getBytes(StandardCharsets.UTF_8));

        assertThat(answer.status()).as(answer.text()).isEqualTo(400);
        assertThat(problems(answer)).isEqualTo("$[0].entityTypes[0].defaultAttributes[3].transformationType: names no"
                + " transformation type (neither stored nor in the library) (was 'DV_STATUS_TYPO')\n");
        assertThat(api().get("/api/v1/packages?name=config_load_transformations")).isEmpty();
        assertThat(api().get("/api/v1/transformation-types?name=RUN_ID")).isEmpty();
    }

    @Test
    @Order(3)
    void theThreePackagesInTheWrongOrderImportInOneRequestWithOneReport() throws Exception {
        Api.Raw answer = api().raw(HttpMethod.POST, BATCH, wrongOrder());

        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        JsonNode report = Api.JSON.readTree(answer.text());
        assertThat(report.get("imported").valueStream().map(p -> p.get("packageName").asString() + " from "
                + p.get("from").asString() + " as " + p.get("importedAs").asString() + ": " + p.get("created").asInt()
                + " created").toList()).containsExactly(
                "CONFIG_LOAD_TRANSFORMATIONS from $[2] as config_load_transformations: 7 created",
                "CONFIG_ENTITY_DEFAULTS from $[1] as config_entity_defaults: 14 created",
                "CONFIG_LOAD_TEMPLATES from $[0] as config_load_templates: 4 created");
        // MS_SQL, REDSHIFT and MS_FABRIC are dialects now (sqlserver, redshift, fabric): nothing is passed over.
        assertThat(report.get("skipped").valueStream().map(s -> s.get("path").asString() + ": " + s.get("reason").asString()).toList())
                .isEmpty();
        assertThat(api().get("/api/v1/transformation-types?name=HASH_KEY").get(0).get("formulas").toString())
                .contains("sqlserver", "HASHBYTES", "redshift");
        // The types without a formula are kept.
        assertThat(api().get("/api/v1/transformation-types?name=RUN_ID").get(0).get("formulas").isEmpty()).isTrue();
    }

    @Test
    @Order(4)
    void anEntityOfTheImportedTypeGetsItsDefaultsAndItsLoadFromTheDefaultPresetRendersForSnowflake() {
        JsonNode hub = api().get("/api/v1/entity-types?name=HUB").get(0);
        assertThat(hub.get("defaultAttributes").valueStream().map(d -> d.get("defaultAttribute").asString().substring(0, 13)
                + " " + d.get("transformationType").asString()).toList()).containsExactly(
                "9b1e0d2a-0001 HASH_KEY", "9b1e0d2a-0002 LOAD_TIME", "9b1e0d2a-0003 RUN_ID", "9b1e0d2a-0004 DV_STATUS",
                "9b1e0d2a-0005 LOAD_NAME");
        api().create("/api/v1/entities", obj("schema", "staging", "name", "customer", "logicalName", "customer",
                "attributes", List.of(obj("name", "customer_no", "datatype", "INTEGER8"))));
        JsonNode entity = api().create("/api/v1/entities", obj("entityType", "HUB", "logicalName", "CUSTOMER",
                "attributes", List.of(obj("name", "customer_no", "datatype", "INTEGER8", "attributeType", "BUSINESS_KEY"))));
        assertThat(entity.get("qualifiedName").asString()).isEqualTo("rdv.H_CUSTOMER");
        assertThat(entity.get("attributes").valueStream().map(a -> a.get("name").asString() + " " + a.get("attributeType").asString())
                .toList()).containsExactly("dv_id DV_HASHKEY", "dv_load_time DV_LOAD_TIME", "dv_run_id DV_RUN_ID",
                "dv_status DV_STATUS", "dv_load_name DV_LOAD_NAME", "customer_no BUSINESS_KEY");

        assertThat(api().get("/api/v1/load-presets?entityType=HUB&loadType=TRANSFORM_PERSIST").valueStream()
                .map(p -> p.get("name").asString()).toList()).containsExactly("HUB_INSERT_NEW", "HUB_INSERT_NEW_CASE_SENSITIVE");
        JsonNode load = api().create("/api/v1/loads/from-preset", obj("name", "load_h_customer", "target", "rdv.H_CUSTOMER",
                "sources", List.of("staging.customer")));
        assertThat(load.get("steps").valueStream().map(s -> s.get("type").asString() + " " + s.get("name").asString()).toList())
                .containsExactly("PRE announce", "OVERRIDE insert_new_keys");

        String sql = api().text("/api/v1/loads/" + load.get("id").asLong() + "/sql?dialect=snowflake");

        assertThat(sql).contains("SELECT 'load_h_customer' AS starting;", """
                INSERT INTO rdv.H_CUSTOMER
                SELECT DISTINCT MD5(UPPER(NVL(NULLIF(TRIM(CAST(src.customer_no AS VARCHAR)), ''), '-1'))) AS dv_id
                , CURRENT_TIMESTAMP AS dv_load_time
                , '<run_id>' AS dv_run_id
                , '<dv_status>' AS dv_status
                , 'load_h_customer' AS dv_load_name, src.customer_no
                FROM staging.customer src;""");
    }

    @Test
    @Order(5)
    void aLoadOptionOfThePresetReachesTheImportedFormula() {
        JsonNode load = api().create("/api/v1/loads/from-preset", obj("name", "load_h_customer_cs", "target", "rdv.H_CUSTOMER",
                "preset", "HUB_INSERT_NEW_CASE_SENSITIVE", "sources", List.of("staging.customer")));
        assertThat(load.get("options").get("OPT_UPPER_CASE_BUSINESS_KEYS").asString()).isEqualTo("false");

        String sql = api().text("/api/v1/loads/" + load.get("id").asLong() + "/sql?dialect=snowflake");

        assertThat(sql).contains("SELECT DISTINCT MD5(NVL(NULLIF(TRIM(CAST(src.customer_no AS VARCHAR)), ''), '-1')) AS dv_id");
    }

    @Test
    @Order(6)
    void theSamePackagesAsAZipImportAgainAndThePresetsExportInThePackageFormat() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (String name : List.of("CONFIG_LOAD_TEMPLATES", "CONFIG_ENTITY_DEFAULTS", "CONFIG_LOAD_TRANSFORMATIONS")) {
                zip.putNextEntry(new ZipEntry("default-config/" + name + ".json"));
                zip.write(fixture(name).getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
            zip.putNextEntry(new ZipEntry("default-config/README.txt"));
            zip.write("not a package".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        MvcResult result = mvc.perform(post(BATCH).contentType("application/zip").content(bytes.toByteArray())).andReturn();

        assertThat(result.getResponse().getStatus()).as(result.getResponse().getContentAsString()).isEqualTo(200);
        JsonNode report = Api.JSON.readTree(result.getResponse().getContentAsString());
        assertThat(report.get("imported").valueStream().map(p -> p.get("from").asString() + " " + p.get("created").asInt()
                + "/" + p.get("updated").asInt() + "/" + p.get("unchanged").asInt()).toList()).containsExactly(
                // The same packages again: nothing to write.
                "default-config/CONFIG_LOAD_TRANSFORMATIONS.json 0/0/7", "default-config/CONFIG_ENTITY_DEFAULTS.json 0/0/14",
                "default-config/CONFIG_LOAD_TEMPLATES.json 0/0/4");

        long id = api().get("/api/v1/packages?name=config_load_templates").get(0).get("id").asLong();
        JsonNode working = Api.JSON.readTree(api().raw(HttpMethod.GET, "/api/v1/packages/" + id + "/versions/working", null).text());
        JsonNode preset = working.get("presets").get(1);
        assertThat(preset.get("name").asString()).isEqualTo("HUB_INSERT_NEW_CASE_SENSITIVE");
        assertThat(preset.get("options").toString()).isEqualTo("{\"OPT_UPPER_CASE_BUSINESS_KEYS\":\"false\"}");
        assertThat(preset.get("uses").toString()).isEqualTo(
                "[{\"entityType\":\"HUB\",\"loadType\":\"TRANSFORM_PERSIST\",\"position\":2,\"isDefault\":false}]");
    }

    @Test
    @Order(7)
    void theImportPageTakesSeveralFilesAndShowsOneReport() throws Exception {
        var request = org.springframework.test.web.servlet.request.MockMvcRequestBuilders.multipart("/packages/import")
                .param("format", "ade");
        for (String name : List.of("CONFIG_LOAD_TEMPLATES", "CONFIG_ENTITY_DEFAULTS", "CONFIG_LOAD_TRANSFORMATIONS")) {
            // Every product of the default configuration is a dialect now: one made foreign keeps a formula to pass over.
            request.file(new org.springframework.mock.web.MockMultipartFile("file", name + ".json", "application/json",
                    fixture(name).replace("\"dbmsProduct\": \"MS_FABRIC\"", "\"dbmsProduct\": \"ORACLE\"")
                            .getBytes(StandardCharsets.UTF_8)));
        }

        String page = mvc.perform(request).andReturn().getResponse().getContentAsString(StandardCharsets.UTF_8);

        assertThat(page).contains("Imported 3 configuration packages, in dependency order:", "Passed over:",
                "CONFIG_LOAD_TRANSFORMATIONS.json: $.dbmsTransformationFormulas[4]", "ORACLE");
        assertThat(page.indexOf(">CONFIG_LOAD_TRANSFORMATIONS<")).isLessThan(page.indexOf(">CONFIG_ENTITY_DEFAULTS<"));
        assertThat(page.indexOf(">CONFIG_ENTITY_DEFAULTS<")).isLessThan(page.indexOf(">CONFIG_LOAD_TEMPLATES<"));
    }

    @Test
    @Order(8)
    void onThePageAMissingDependencyIsAMessageNamingIt() throws Exception {
        String templates = fixture("CONFIG_LOAD_TEMPLATES").replace("\"packageName\": \"CONFIG_ENTITY_DEFAULTS\"",
                "\"packageName\": \"CONFIG_VAULT_DEFAULTS\"").replace("1f0e6c4e-0b7a-4c43-9a34-2f4d8f1b1c11", "0000");

        String page = mvc.perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.multipart("/packages/import")
                .param("format", "ade").param("json", "[" + templates + "]"))
                .andReturn().getResponse().getContentAsString(StandardCharsets.UTF_8);

        assertThat(page).contains("Nothing was imported.", "$[0].packageDependencies[0]",
                "needs package &#39;CONFIG_VAULT_DEFAULTS&#39; (packageId 0000) first");
    }
}
