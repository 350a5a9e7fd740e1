package io.loadsmith.packages;

import static io.loadsmith.packages.AdeDefaultConfigurationTest.fixture;
import static io.loadsmith.packages.AdeDefaultConfigurationTest.problems;
import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

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

import io.loadsmith.store.Api;
import tools.jackson.databind.JsonNode;

/**
 * An entity package of the commercial tool (a stage, a hub and a satellite, their loads and
 * mappings; ids linking rows, positions out of order) imported in one batch with the tool's default
 * configuration, its mappings becoming the loads' mappings, and rendered for Snowflake through the
 * tool's own HASH_KEY formula. Its own store: the fixtures' names are other tests' names too.
 */
@SpringBootTest
@AutoConfigureMockMvc
@org.springframework.context.annotation.Import(io.loadsmith.store.SignedInMockMvc.class)
@WithMockUser(username = "admin", roles = "ADMIN")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AdeEntityPackageMappingsTest {

    private static final String BATCH = "/api/v1/packages/import/ade/batch";

    /** Each mapped target attribute as the formula of its transformation type writes it (CUSTOM: its own; a copy: the column). */
    private static final String LIST = "<#list model.load.mappings as m><#list m.attributeMappings as a>"
            + "${a.targetAttribute.name} = <#if a.customFormula??>${a.customFormula}<#elseif a.transformationType??>"
            + "${loads.getTransformationForAttributes(a.transformationType, a.sourceAttributes)}"
            + "<#else><#list a.sourceAttributes as s>${s.sqlName}</#list></#if>\n</#list></#list>";

    @Autowired
    MockMvc mvc;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:adeentity;DB_CLOSE_DELAY=-1");
        registry.add("spring.flyway.locations", () -> "classpath:db/migration");
    }

    private Api api() {
        return new Api(mvc);
    }

    private Api.Raw batch(String entityPackage) throws Exception {
        return api().raw(HttpMethod.POST, BATCH, ("[" + entityPackage + ",\n" + fixture("CONFIG_LOAD_TEMPLATES")
                + ",\n" + fixture("CONFIG_ENTITY_DEFAULTS") + ",\n" + fixture("CONFIG_LOAD_TRANSFORMATIONS")
                + "]").getBytes(StandardCharsets.UTF_8));
    }

    private static String customer() throws Exception {
        return new ClassPathResource("ade/entity/CUSTOMER.json").getContentAsString(StandardCharsets.UTF_8);
    }

    @Test
    @Order(1)
    void idsThatNameNothingAreRefusedAtTheirPathAndNothingIsImported() throws Exception {
        String broken = customer()
                .replace("\"entityLoadId\": \"10000000-0000-4000-8000-000000000003\", \"position\": 1,\n"
                                + "     \"sourceEntityId\": \"e0000000-0000-4000-8000-000000000001\"",
                        "\"entityLoadId\": \"10000000-0000-4000-8000-000000000003\", \"position\": 1,\n"
                                + "     \"sourceEntityId\": \"e0000000-0000-4000-8000-00000000dead\"")
                .replace("\"t0000000-0000-4000-8000-000000000201\", \"sourceAttributeId\": \"a0000000-0000-4000-8000-000000000102\"",
                        "\"t0000000-0000-4000-8000-000000000201\", \"sourceAttributeId\": \"a0000000-0000-4000-8000-00000000beef\"");
        Api.Raw answer = batch(broken);

        assertThat(answer.status()).as(answer.text()).isEqualTo(400);
        // One problem per broken row: the attributes of the refused mapping are not reported again.
        assertThat(problems(answer)).isEqualTo(
                "$[0].mappingEntities[2].sourceEntityId: names no entity of this package (was 'e0000000-0000-4000-8000-00000000dead')\n"
                        + "$[0].mappingSourceAttributes[0].sourceAttributeId: names no attribute of this package"
                        + " (was 'a0000000-0000-4000-8000-00000000beef')\n");
        assertThat(answer.text()).doesNotContain("Exception", "io.loadsmith", "java.");
        assertThat(api().get("/api/v1/packages?name=customer")).isEmpty();
        assertThat(api().get("/api/v1/packages?name=config_load_transformations")).isEmpty();
    }

    @Test
    @Order(2)
    void theEntityPackageImportsWithTheDefaultConfigurationAndItsMappingsBecomeTheLoadsMappings() throws Exception {
        api().create("/api/v1/templates", obj("name", "list_transformations", "parameters", List.of(),
                "variants", Map.of("default", LIST)));
        Api.Raw answer = batch(customer());
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);

        JsonNode hub = api().get("/api/v1/loads?name=load_h_customer").get(0);
        assertThat(hub.get("target").asString()).isEqualTo("rdv.H_CUSTOMER");
        assertThat(mappings(hub)).containsExactly(
                "staging.STG_CUSTOMER SOURCE stg_customer_to_h_customer: dv_id<-[customer_no, country]:HASH_KEY,"
                        + " customer_no<-[customer_no]:copy, dv_load_time<-[]:LOAD_TIME");
        JsonNode sat = api().get("/api/v1/loads?name=load_s_customer").get(0);
        assertThat(mappings(sat)).containsExactly(
                "staging.STG_CUSTOMER SOURCE stg_customer_to_s_customer: dv_id<-[customer_no, country]:HASH_KEY,"
                        + " dv_load_time<-[]:LOAD_TIME, customer_name<-[customer_name]:copy, dv_source<-[]:CUSTOM='CRM'");
        // The mapping the tool made for a load nobody mapped is left out.
        assertThat(api().get("/api/v1/loads?name=load_stg_customer").get(0).get("mappings").size()).isZero();
        JsonNode stage = api().get("/api/v1/entities?name=staging.STG_CUSTOMER").get(0);
        assertThat(stage.get("attributes").valueStream().map(a -> a.get("name").asString() + " "
                + a.get("datatype").asString()).toList())
                .containsExactly("customer_no VARCHAR", "country VARCHAR", "customer_name VARCHAR");

        // Through the tool's own Snowflake formula: upper-cased keys by default, as they are for the satellite's option.
        assertThat(api().text("/api/v1/loads/" + hub.get("id").asLong() + "/sql?dialect=snowflake")).contains(String.join("\n",
                "dv_id = MD5(UPPER(NVL(NULLIF(TRIM(CAST(customer_no AS VARCHAR)), ''), '-1') || '~' ||"
                        + " NVL(NULLIF(TRIM(CAST(country AS VARCHAR)), ''), '-1')))",
                "customer_no = customer_no",
                "dv_load_time = CURRENT_TIMESTAMP"));
        assertThat(api().text("/api/v1/loads/" + sat.get("id").asLong() + "/sql?dialect=snowflake")).contains(String.join("\n",
                "dv_id = MD5(NVL(NULLIF(TRIM(CAST(customer_no AS VARCHAR)), ''), '-1') || '~' ||"
                        + " NVL(NULLIF(TRIM(CAST(country AS VARCHAR)), ''), '-1'))",
                "dv_load_time = CURRENT_TIMESTAMP",
                "customer_name = customer_name",
                "dv_source = 'CRM'"));
        // Every dialect renders both loads' transformation lists: the tool's own formula where it ships one
        // (SNOWFLAKE, MS_SQL, REDSHIFT, ...), else the library's; never the run-time value of a formula-less type.
        for (JsonNode dialect : api().get("/api/v1/dialects")) {
            String name = dialect.get("name").asString();
            for (JsonNode load : List.of(hub, sat)) {
                Api.Raw sql = api().raw(org.springframework.http.HttpMethod.GET,
                        "/api/v1/loads/" + load.get("id").asLong() + "/sql?dialect=" + name, null);
                assertThat(sql.status()).as(name + ": " + sql.text()).isEqualTo(200);
                assertThat(sql.text()).as(name).contains("dv_id = ", "dv_load_time = ").doesNotContain("<hash_key>");
            }
        }
    }

    private static List<String> mappings(JsonNode load) {
        return load.get("mappings").valueStream().map(m -> m.get("source").asString() + " " + m.get("mappingType").asString()
                + " " + m.get("name").asString() + ": " + String.join(", ", m.get("attributes").valueStream()
                .map(a -> a.get("target").asString() + "<-" + a.get("sources").valueStream().map(JsonNode::asString).toList()
                        + ":" + (a.has("transformationType") ? a.get("transformationType").asString() : "copy")
                        + (a.has("formula") ? "=" + a.get("formula").asString() : "")).toList())).toList();
    }
}
