package io.loadsmith.store;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpMethod;

import io.loadsmith.entity.EntityService;
import io.loadsmith.load.LoadService;
import io.loadsmith.problem.ConflictException;

import tools.jackson.databind.JsonNode;

/**
 * A load's entity and attribute mappings through the REST API, on each metadata store: stored and
 * read back in the stored case, carried into the template model with each dialect's physical types,
 * and every rule refused with the load, mapping, attribute and field named, changing nothing.
 * Each test makes its own entities (names by test), so tests run in any order on one store.
 */
public interface LoadMappingsContract {

    Api api();

    ApplicationContext context();

    private long entity(String schema, String name, boolean caseSensitive, List<Map<String, Object>> attributes) {
        return api().create("/api/v1/entities", obj("logicalName", name, "name", name, "schema", schema,
                "physicalType", "TABLE", "caseSensitive", caseSensitive, "attributes", attributes)).get("id").asLong();
    }

    private static Map<String, Object> attribute(String name, String datatype, Integer length, boolean caseSensitive) {
        return obj("name", name, "datatype", datatype, "dataLength", length, "caseSensitive", caseSensitive);
    }

    /** A stage with a mixed-case, a reserved (so quoted) and a plain column; a hub with a key, a business key, a date and a source. */
    private long hubLoad(String schema) {
        return hubLoad(schema, "qualify");
    }

    /** {@code second}: the second column's name, reserved in some dialects (the store's tests) or not (generation's). */
    private long hubLoad(String schema, String second) {
        entity(schema, "Stage_Customer", true, List.of(attribute("customer_no", "VARCHAR", 20, false),
                attribute(second, "VARCHAR", 20, true), attribute("userId", "INTEGER8", null, true)));
        entity(schema, "hub_customer", false, List.of(attribute("hk", "CHAR", 32, false),
                attribute("bk", "VARCHAR", 20, false), attribute("load_dts", "TIMESTAMP", null, false),
                attribute("rec_src", "VARCHAR", 20, false), attribute("user_ref", "INTEGER8", null, false)));
        return api().create("/api/v1/loads", obj("name", "load_" + schema, "target", schema + ".hub_customer",
                "steps", List.of(obj("name", "list", "type", "OVERRIDE", "text", "SELECT 1")))).get("id").asLong();
    }

    private static Map<String, Object> mapped(String target, List<String> sources, String type, String formula) {
        return obj("target", target, "sources", sources, "transformationType", type, "formula", formula);
    }

    private static Map<String, Object> mapping(String source, List<Map<String, Object>> attributes) {
        return obj("source", source, "attributes", attributes);
    }

    private Api.Answer put(long load, long version, List<?> mappings) {
        return api().send(HttpMethod.PUT, "/api/v1/loads/" + load + "/mappings", obj("version", version, "mappings", mappings));
    }

    private long version(long load) {
        return api().get("/api/v1/loads/" + load).get("version").asLong();
    }

    private static List<Map<String, Object>> hubAttributes() {
        return hubAttributes("Qualify");
    }

    private static List<Map<String, Object>> hubAttributes(String second) {
        return List.of(
                mapped("HK", List.of("CUSTOMER_NO", second), "hash_key", null),
                mapped("bk", List.of("customer_no"), "BUSINESS_KEY", null),
                mapped("load_dts", List.of(), "CURRENT_TS", null),
                mapped("rec_src", List.of(), "CUSTOM", "'CRM'"),
                mapped("user_ref", List.of("userId"), null, null));
    }

    /** Search (and the palette, which reads it) finds a mapping by its source or target entity and by a mapped attribute. */
    @Test
    default void searchFindsMappingsBySourceTargetAndAttribute() {
        long load = hubLoad("map_find");
        assertThat(put(load, version(load), List.of(mapping("map_find.Stage_Customer", List.of(
                mapped("hk", List.of("customer_no"), "HASH_KEY", null),
                mapped("bk", List.of("customer_no"), "BUSINESS_KEY", null),
                mapped("user_ref", List.of("userId"), null, null))))).status()).isEqualTo(200);
        LoadService loads = context().getBean(LoadService.class);
        String source = "map_find.Stage_Customer";
        String target = "map_find.hub_customer";

        // By the source entity's name (any case) or the target's: the mapping, no attribute lines.
        assertThat(loads.searchMappings("stage_CUSTOMER")).filteredOn(m -> m.loadId() == load)
                .singleElement().satisfies(m -> {
                    assertThat(m.source()).isEqualTo(source);
                    assertThat(m.target()).isEqualTo(target);
                    assertThat(m.load()).isEqualTo("load_map_find");
                });
        assertThat(loads.searchMappings("hub_customer")).anyMatch(m -> m.loadId() == load);
        // By a source attribute, a target attribute or a transformation type: the lines that match.
        assertThat(loads.searchMappings("USERID")).filteredOn(m -> m.loadId() == load).singleElement()
                .satisfies(m -> assertThat(m.attributes()).containsExactly("user_ref ← userId"));
        assertThat(loads.searchMappings("business_key")).filteredOn(m -> m.loadId() == load).singleElement()
                .satisfies(m -> assertThat(m.attributes()).containsExactly("bk ← customer_no (BUSINESS_KEY)"));
        assertThat(loads.searchMappings("customer_no")).filteredOn(m -> m.loadId() == load).singleElement()
                .satisfies(m -> assertThat(m.attributes()).containsExactly("hk ← customer_no (HASH_KEY)",
                        "bk ← customer_no (BUSINESS_KEY)"));
        assertThat(loads.searchMappings("no such name anywhere")).noneMatch(m -> m.loadId() == load);
    }

    @Test
    default void compositeMappingsAreStoredInOrderAndReadBackInTheStoredCase() {
        long load = hubLoad("map_store");
        long before = version(load);
        Api.Answer saved = put(load, before, List.of(mapping("map_store.Stage_Customer", hubAttributes())));
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);

        JsonNode read = api().get("/api/v1/loads/" + load + "/mappings");
        assertThat(read.get("version").asLong()).isGreaterThan(before);
        assertThat(read.get("target").asString()).isEqualTo("map_store.hub_customer");
        JsonNode m = read.get("mappings").get(0);
        assertThat(m.get("source").asString()).isEqualTo("map_store.Stage_Customer");
        assertThat(m.get("mappingType").asString()).isEqualTo("SOURCE");
        assertThat(m.has("name")).isFalse();
        assertThat(m.get("attributes").valueStream().map(a -> a.get("target").asString() + "<-"
                        + a.get("sources").valueStream().map(JsonNode::asString).toList() + ":"
                        + (a.has("transformationType") ? a.get("transformationType").asString() : "copy")
                        + (a.has("formula") ? "=" + a.get("formula").asString() : "")).toList())
                .containsExactly("hk<-[customer_no, qualify]:HASH_KEY", "bk<-[customer_no]:BUSINESS_KEY",
                        "load_dts<-[]:CURRENT_TS", "rec_src<-[]:CUSTOM='CRM'", "user_ref<-[userId]:copy");
        // The load's page lists them.
        org.jsoup.nodes.Document page = org.jsoup.Jsoup.parse(api().raw(HttpMethod.GET, "/loads/" + load, null).text());
        assertThat(page.select("#mapping-editor select.mapping-source-entity option[selected]").eachAttr("value"))
                .containsExactly("map_store.Stage_Customer");
        assertThat(page.select("#mapping-editor tr.mapping-row").stream().map(row -> row.selectFirst(".mapping-target").text()
                + " ← " + row.selectFirst("input.mapping-sources-input").val() + " ("
                + java.util.Optional.ofNullable(row.selectFirst("select.mapping-type option[selected]"))
                        .map(org.jsoup.nodes.Element::text).orElse("copy") + ")").toList())
                .contains("hk ← customer_no, qualify (HASH_KEY)", "user_ref ← userId (copy)");
        // The load itself carries them, and a change of the load that does not give mappings keeps them.
        JsonNode loadJson = api().get("/api/v1/loads/" + load);
        assertThat(loadJson.get("mappings")).isEqualTo(read.get("mappings"));
        Api.Answer renamed = api().send(HttpMethod.PUT, "/api/v1/loads/" + load, obj("version", read.get("version").asLong(),
                "name", "load_map_store_renamed", "target", "map_store.hub_customer",
                "steps", List.of(obj("name", "list", "type", "OVERRIDE", "text", "SELECT 1"))));
        assertThat(renamed.status()).as(renamed.body()).isEqualTo(200);
        assertThat(renamed.json().get("mappings")).isEqualTo(read.get("mappings"));

        // A stale version is refused and changes nothing.
        Api.Answer stale = put(load, before, List.of());
        assertThat(stale.status()).as(stale.body()).isEqualTo(409);
        assertThat(api().get("/api/v1/loads/" + load + "/mappings").get("mappings")).isEqualTo(read.get("mappings"));

        // DELETE removes them all; a rerun of the same PUT gives the same mappings again.
        long now = version(load);
        Api.Answer removed = api().send(HttpMethod.DELETE, "/api/v1/loads/" + load + "/mappings?version=" + now, null);
        assertThat(removed.status()).as(removed.body()).isEqualTo(200);
        assertThat(removed.json().get("mappings").size()).isZero();
        assertThat(put(load, version(load), List.of(mapping("map_store.Stage_Customer", hubAttributes()))).json()
                .get("mappings")).isEqualTo(read.get("mappings"));
        assertThat(put(load, version(load), List.of(mapping("map_store.Stage_Customer", hubAttributes()))).json()
                .get("mappings")).isEqualTo(read.get("mappings"));
    }

    @Test
    default void everyBrokenRuleIsNamedAtOnceAndNothingChanges() {
        long load = hubLoad("map_rules");
        entity("map_rules", "other", false, List.of(attribute("elsewhere", "VARCHAR", 20, false)));
        assertThat(put(load, version(load), List.of(mapping("map_rules.Stage_Customer", hubAttributes()))).status())
                .isEqualTo(200);
        JsonNode before = api().get("/api/v1/loads/" + load + "/mappings");

        Api.Answer refused = put(load, before.get("version").asLong(), List.of(
                mapping("map_rules.Stage_Customer", List.of(
                        mapped("hk", List.of("elsewhere"), "HASH_KEY", null),
                        mapped("bk", List.of("customer_no"), "NO_SUCH_TYPE", null),
                        mapped("rec_src", List.of(), "CUSTOM", " "),
                        mapped("user_ref", List.of("customer_no", "qualify"), null, null),
                        mapped("load_dts", List.of(), "CUSTOM", "${'x'?new()}"),
                        mapped("no_column", List.of("customer_no"), null, null))),
                mapping("map_rules.other", List.of(mapped("HK", List.of("elsewhere"), "BUSINESS_KEY", null))),
                mapping("map_rules.hub_customer", List.of())));
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.body()).doesNotContain("Exception", "io.loadsmith", "at java.");
        assertThat(fields(refused)).containsExactly(
                "mappings[0].attributes[0].sources[0]|Load 'load_map_rules', mapping 1 (map_rules.Stage_Customer),"
                        + " target attribute 'hk': source attribute 'elsewhere' is not an attribute of the mapping's"
                        + " source map_rules.Stage_Customer",
                "mappings[0].attributes[1].transformationType|Load 'load_map_rules', mapping 1 (map_rules.Stage_Customer),"
                        + " target attribute 'bk': is not a configured transformation type; known types: BUSINESS_KEY,"
                        + " CONCAT, CURRENT_TS, CUSTOM, HASH_DIFF, HASH_KEY, HASH_LIST, REFERENCE_HASH_DIFF, REFERENCE_HASH_KEY",
                "mappings[0].attributes[2].formula|Load 'load_map_rules', mapping 1 (map_rules.Stage_Customer),"
                        + " target attribute 'rec_src': CUSTOM needs a formula, an SQL expression",
                "mappings[0].attributes[3].sources|Load 'load_map_rules', mapping 1 (map_rules.Stage_Customer),"
                        + " target attribute 'user_ref': a plain copy (no transformation type) takes exactly one source"
                        + " attribute, not 2; give a transformation type to combine several or to compute a value",
                "mappings[0].attributes[4].formula|Load 'load_map_rules', mapping 1 (map_rules.Stage_Customer),"
                        + " target attribute 'load_dts': the formula's ?new at line 1, column 6 is refused: it reaches"
                        + " Java classes, which templates may not",
                "mappings[0].attributes[5].target|Load 'load_map_rules', mapping 1 (map_rules.Stage_Customer),"
                        + " target attribute 'no_column': is not an attribute of the load's target map_rules.hub_customer",
                "mappings[1].attributes[0].target|Load 'load_map_rules', mapping 2 (map_rules.other), target attribute"
                        + " 'HK': is already mapped by mapping 1 (map_rules.Stage_Customer); a target attribute is fed"
                        + " by one mapping",
                "mappings[2].source|Load 'load_map_rules', mapping 3 (map_rules.hub_customer): maps the load's target"
                        + " map_rules.hub_customer to itself; a mapping reads another entity");
        assertThat(api().get("/api/v1/loads/" + load + "/mappings")).isEqualTo(before);

        // A formula given to a type that is not CUSTOM, and a mapping type that is neither SOURCE nor REFERENCE.
        Api.Answer misplaced = put(load, before.get("version").asLong(), List.of(obj("source", "map_rules.Stage_Customer",
                "mappingType", "LOOKUP", "attributes", List.of(mapped("bk", List.of("customer_no"), "BUSINESS_KEY", "1")))));
        assertThat(fields(misplaced)).containsExactly(
                "mappings[0].mappingType|Load 'load_map_rules', mapping 1 (map_rules.Stage_Customer): is not a mapping"
                        + " type; give SOURCE or REFERENCE",
                "mappings[0].attributes[0].formula|Load 'load_map_rules', mapping 1 (map_rules.Stage_Customer), target"
                        + " attribute 'bk': a formula belongs to the transformation type CUSTOM only");
        assertThat(api().get("/api/v1/loads/" + load + "/mappings")).isEqualTo(before);
    }

    @Test
    default void aDeletedSourceIsNamedWithTheLoadAndAMappedSourceCannotBeDeleted() {
        long load = hubLoad("map_deleted");
        long gone = entity("map_deleted", "gone", false, List.of(attribute("x", "VARCHAR", 20, false)));
        context().getBean(EntityService.class).softDelete(gone);
        Api.Answer refused = put(load, version(load), List.of(mapping("map_deleted.gone",
                List.of(mapped("bk", List.of("x"), null, null)))));
        assertThat(fields(refused)).containsExactly("mappings[0].source|Load 'load_map_deleted', mapping 1: source entity"
                + " 'map_deleted.gone' is deleted; restore it or map another entity");
        Api.Answer unknown = put(load, version(load), List.of(mapping("map_deleted.never", List.of())));
        assertThat(fields(unknown)).containsExactly("mappings[0].source|Load 'load_map_deleted', mapping 1: source entity"
                + " 'map_deleted.never' names no entity (give it as schema.name)");

        assertThat(put(load, version(load), List.of(mapping("map_deleted.Stage_Customer", hubAttributes()))).status())
                .isEqualTo(200);
        long stage = api().get("/api/v1/entities?name=Stage_Customer").valueStream()
                .filter(e -> e.get("schema").asString().equals("map_deleted")).findFirst().orElseThrow().get("id").asLong();
        Api.Answer inUse = api().send(HttpMethod.DELETE, "/api/v1/entities/" + stage, null);
        assertThat(inUse.status()).as(inUse.body()).isEqualTo(409);
        assertThat(inUse.json().get("detail").asString()).contains("load_map_deleted");

        // A soft-deleted load keeps its mappings; while the entity it maps is deleted it cannot come back.
        long reader = entity("map_deleted", "reader", false, List.of(attribute("x", "VARCHAR", 20, false)));
        long other = api().create("/api/v1/loads", obj("name", "load_map_deleted_2", "target", "map_deleted.hub_customer",
                "mappings", List.of(mapping("map_deleted.reader", List.of(mapped("rec_src", List.of("x"), null, null))))))
                .get("id").asLong();
        LoadService loads = context().getBean(LoadService.class);
        loads.softDelete(other);
        context().getBean(EntityService.class).softDelete(reader);
        assertThatThrownBy(() -> loads.restore(other)).isInstanceOf(ConflictException.class)
                .hasMessageContaining("map_deleted.reader");
        context().getBean(EntityService.class).restore(reader);
        loads.restore(other);
        assertThat(api().get("/api/v1/loads/" + other + "/mappings").get("mappings").get(0).get("source").asString())
                .isEqualTo("map_deleted.reader");
    }

    @Test
    default void noneAndTwoHundredMappedAttributes() {
        List<Map<String, Object>> columns = IntStream.rangeClosed(1, 200)
                .mapToObj(i -> attribute("c" + i, "VARCHAR", 10, false)).toList();
        entity("map_wide", "src", false, columns);
        entity("map_wide", "tgt", false, columns);
        long load = api().create("/api/v1/loads", obj("name", "load_map_wide", "target", "map_wide.tgt",
                "mappings", List.of(mapping("map_wide.src", List.of())))).get("id").asLong();
        JsonNode empty = api().get("/api/v1/loads/" + load + "/mappings").get("mappings");
        assertThat(empty.size()).isEqualTo(1);
        assertThat(empty.get(0).get("attributes").size()).isZero();

        List<Map<String, Object>> all = new ArrayList<>();
        // Reversed, so the stored order is the given order and not the entity's.
        for (int i = 200; i >= 1; i--) {
            all.add(mapped("c" + i, List.of("c" + (201 - i)), null, null));
        }
        Api.Answer saved = put(load, version(load), List.of(mapping("map_wide.src", all)));
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        JsonNode attributes = api().get("/api/v1/loads/" + load + "/mappings").get("mappings").get(0).get("attributes");
        assertThat(attributes.size()).isEqualTo(200);
        assertThat(attributes.get(0).get("target").asString()).isEqualTo("c200");
        assertThat(attributes.get(0).get("sources").get(0).asString()).isEqualTo("c1");
        assertThat(attributes.get(199).get("target").asString()).isEqualTo("c1");
        assertThat(attributes.get(199).get("sources").get(0).asString()).isEqualTo("c200");
    }

    /** model.load.mappings as a template sees it, with each dialect's physical types, on every target dialect. */
    @Test
    default void theMappingsReachTemplatesWithEachDialectsPhysicalTypes() {
        long load = hubLoad("map_model", "Channel");
        assertThat(put(load, version(load), List.of(obj("source", "map_model.Stage_Customer", "mappingType", "SOURCE",
                "name", "crm", "attributes", hubAttributes("CHANNEL")))).status()).isEqualTo(200);
        api().create("/api/v1/templates", obj("name", "list_mappings_" + load, "parameters", List.of(),
                "variants", Map.of("default", """
                        <#list model.load.mappings as m>
                        ${m.position} ${m.name!"-"} ${m.mappingType} ${m.sourceEntity.schema}.${m.sourceEntity.name}
                        <#list m.attributeMappings as a>
                        ${a.targetAttribute.name} ${a.targetAttribute.physicalDatatype} <- [<#list a.sourceAttributes as s>\
                        ${s.sqlName} ${s.datatype} ${s.physicalDatatype}<#sep>, </#sep></#list>] ${a.transformationType!"copy"}\
                        <#if a.customFormula??> ${a.customFormula}</#if>
                        </#list>
                        </#list>""")));
        String step = "<ftltemplate:list_mappings_" + load + ">";
        JsonNode loadJson = api().get("/api/v1/loads/" + load);
        assertThat(api().send(HttpMethod.PUT, "/api/v1/loads/" + load, obj("version", loadJson.get("version").asLong(),
                "name", loadJson.get("name").asString(), "target", "map_model.hub_customer",
                "steps", List.of(obj("name", "list", "type", "OVERRIDE", "text", step)))).status()).isEqualTo(200);
        Map<String, List<String>> types = Map.ofEntries(
                // CHAR(32), VARCHAR(20), TIMESTAMP, INTEGER8 and the quotes of the case-sensitive column
                Map.entry("bigquery", List.of("STRING", "STRING", "DATETIME", "INT64", "`", "`")),
                Map.entry("databricks", List.of("STRING", "STRING", "TIMESTAMP_NTZ", "BIGINT", "`", "`")),
                Map.entry("duckdb", List.of("CHAR(32)", "VARCHAR(20)", "TIMESTAMP", "BIGINT", "\"", "\"")),
                Map.entry("h2", List.of("CHAR(32)", "VARCHAR(20)", "TIMESTAMP", "BIGINT", "\"", "\"")),
                Map.entry("postgresql", List.of("CHAR(32)", "VARCHAR(20)", "TIMESTAMP", "BIGINT", "\"", "\"")),
                Map.entry("redshift", List.of("CHAR(32)", "VARCHAR(20)", "TIMESTAMP", "BIGINT", "\"", "\"")),
                Map.entry("snowflake", List.of("CHAR(32)", "VARCHAR(20)", "TIMESTAMP", "BIGINT", "\"", "\"")),
                Map.entry("sqlserver", List.of("CHAR(32)", "VARCHAR(20)", "DATETIME2(6)", "BIGINT", "[", "]")),
                Map.entry("fabric", List.of("CHAR(32)", "VARCHAR(20)", "DATETIME2(6)", "BIGINT", "[", "]")),
                Map.entry("synapse", List.of("CHAR(32)", "VARCHAR(20)", "DATETIME2(6)", "BIGINT", "[", "]")));
        assertThat(types.keySet()).as("every target dialect").containsExactlyInAnyOrderElementsOf(
                api().get("/api/v1/dialects").valueStream().map(d -> d.has("name") ? d.get("name").asString() : d.asString()).toList());
        types.forEach((dialect, t) -> assertThat(api().text("/api/v1/loads/" + load + "/sql?dialect=" + dialect))
                .as(dialect).contains(String.join("\n",
                        "1 crm SOURCE map_model.Stage_Customer",
                        "hk " + t.get(0) + " <- [customer_no VARCHAR " + t.get(1) + ", " + t.get(4) + "Channel" + t.get(5) + " VARCHAR " + t.get(1) + "] HASH_KEY",
                        "bk " + t.get(1) + " <- [customer_no VARCHAR " + t.get(1) + "] BUSINESS_KEY",
                        "load_dts " + t.get(2) + " <- [] CURRENT_TS",
                        "rec_src " + t.get(1) + " <- [] CUSTOM 'CRM'",
                        "user_ref " + t.get(3) + " <- [" + t.get(4) + "userId" + t.get(5) + " INTEGER8 " + t.get(3) + "] copy")));

        // The designer's preview while typing (the form does not edit mappings) generates the stored ones with the form.
        JsonNode now = api().get("/api/v1/loads/" + load);
        try {
            String preview = api().mvc().perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders
                            .post("/loads/" + load).with(Api.signedIn()).header("HX-Request", "true")
                            .param("action", "preview").param("dialect", "duckdb")
                            .param("version", now.get("version").asString()).param("name", now.get("name").asString())
                            .param("target", "map_model.hub_customer").param("steps[0].kind", "SQL")
                            .param("steps[0].name", "typed").param("steps[0].type", "OVERRIDE")
                            .param("steps[0].text", "SELECT 1;\n" + step))
                    .andReturn().getResponse().getContentAsString(StandardCharsets.UTF_8);
            assertThat(preview).contains("SELECT 1", "1 crm SOURCE map_model.Stage_Customer");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A package whose load maps a stage into a hub, and a template of its own that lists the mappings. */
    String PACKAGE = """
            {
              "format": "loadsmith-package/1",
              "name": "map_pkg",
              "templates": [ { "name": "map_pkg_list", "parameters": [], "variants": { "default":
                "<#list model.load.mappings as m>${m.sourceEntity.name}:<#list m.attributeMappings as a>${a.targetAttribute.name}=${a.transformationType!'copy'}(<#list a.sourceAttributes as s>${s.physicalDatatype}</#list>)<#sep>,</#list></#list>" } } ],
              "entities": [
                { "schema": "map_pkg", "name": "SRC", "logicalName": "SRC", "physicalType": "TABLE",
                  "attributes": [ { "name": "customer_no", "datatype": "VARCHAR", "dataLength": 20 },
                                  { "name": "userId", "datatype": "INTEGER8", "caseSensitive": true } ] },
                { "schema": "map_pkg", "name": "H", "logicalName": "H", "physicalType": "TABLE",
                  "attributes": [ { "name": "hk", "datatype": "CHAR", "dataLength": 32 },
                                  { "name": "bk", "datatype": "VARCHAR", "dataLength": 20 },
                                  { "name": "user_ref", "datatype": "INTEGER8" } ] }
              ],
              "loads": [ { "name": "load_map_pkg_h", "target": "map_pkg.H",
                           "steps": [ { "name": "list", "type": "OVERRIDE", "text": "<ftltemplate:map_pkg_list>" } ],
                           "mappings": [ { "source": "map_pkg.SRC", "attributes": [
                               { "target": "hk", "sources": [ "customer_no" ], "transformationType": "HASH_KEY" },
                               { "target": "bk", "sources": [ "customer_no" ], "transformationType": "BUSINESS_KEY" },
                               { "target": "user_ref", "sources": [ "userId" ] } ] } ] } ]
            }""";

    /** Export, import, export: the same bytes; a package without mappings imports, and removes them. */
    @Test
    default void mappingsRoundTripThroughThePackageFormatByteForByte() {
        assertThat(imported(PACKAGE).status()).isEqualTo(200);
        long pkg = api().get("/api/v1/packages?name=map_pkg").get(0).get("id").asLong();
        String first = api().raw(HttpMethod.GET, "/api/v1/packages/" + pkg + "/versions/working", null).text();
        assertThat(first).contains("\"mappings\"", "\"mappingType\": \"SOURCE\"", "\"transformationType\": \"HASH_KEY\"");
        // Importing the export writes nothing: the stored load, mappings and all, equals the file's.
        Api.Answer again = imported(first);
        assertThat(again.json().get("updated").asInt()).as(again.body()).isZero();
        assertThat(again.json().get("created").asInt()).as(again.body()).isZero();
        String second = api().raw(HttpMethod.GET, "/api/v1/packages/" + pkg + "/versions/working", null).text();
        assertThat(second).isEqualTo(first);

        // Generated from the store and from a committed version (the document itself): the same mappings.
        long load = api().get("/api/v1/loads?name=load_map_pkg_h").get(0).get("id").asLong();
        String listed = "SRC:hk=HASH_KEY(VARCHAR(20)),bk=BUSINESS_KEY(VARCHAR(20)),user_ref=copy(BIGINT)";
        assertThat(api().text("/api/v1/loads/" + load + "/sql?dialect=duckdb")).contains(listed);
        api().create("/api/v1/packages/" + pkg + "/versions", obj("message", "with mappings"));
        assertThat(api().text("/api/v1/packages/" + pkg + "/versions/1/loads/load_map_pkg_h/sql?dialect=duckdb"))
                .contains(listed);

        // A field the format does not know is refused at its path, and nothing changes.
        Api.Answer unknown = imported(PACKAGE.replace("\"sources\": [ \"userId\" ]", "\"source\": [ \"userId\" ]"));
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body()).contains("$.loads[0].mappings[0].attributes[2].source");
        // A rule broken in a package names the load and the mapping, at its path.
        Api.Answer broken = imported(PACKAGE.replace("\"sources\": [ \"userId\" ]", "\"sources\": [ \"nope\" ]"));
        assertThat(broken.status()).isEqualTo(400);
        assertThat(broken.body()).contains("Load 'load_map_pkg_h', mapping 1 (map_pkg.SRC), target attribute 'user_ref':"
                + " source attribute 'nope' is not an attribute of the mapping's source map_pkg.SRC");
        assertThat(api().raw(HttpMethod.GET, "/api/v1/packages/" + pkg + "/versions/working", null).text()).isEqualTo(first);

        // The format stays compatible: without "mappings" the package imports, and the document is the whole truth.
        String without = PACKAGE.substring(0, PACKAGE.lastIndexOf(",", PACKAGE.indexOf("\"mappings\""))) + " } ]\n}";
        assertThat(imported(without).status()).isEqualTo(200);
        assertThat(api().get("/api/v1/loads/" + load + "/mappings").get("mappings").size()).isZero();
        assertThat(api().raw(HttpMethod.GET, "/api/v1/packages/" + pkg + "/versions/working", null).text())
                .doesNotContain("\"mappings\"");
    }

    /** A mapped load's lineage comes from its mappings, not from the tables its SQL names. */
    @Test
    default void lineageReadsTheMappingsOfALoadThatHasThem() {
        List<Map<String, Object>> x = List.of(attribute("x", "VARCHAR", 10, false));
        entity("lin_map", "SRC", false, x);
        entity("lin_map", "ELSEWHERE", false, x);
        long target = entity("lin_map", "TGT", false, x);
        api().create("/api/v1/loads", obj("name", "lin_map_load", "target", "lin_map.TGT",
                "steps", List.of(obj("name", "copy", "type", "OVERRIDE",
                        "text", "INSERT INTO lin_map.TGT SELECT x FROM lin_map.ELSEWHERE")),
                "mappings", List.of(mapping("lin_map.SRC", List.of(mapped("x", List.of("x"), null, null))))));
        JsonNode graph = api().get("/api/v1/lineage?entity=" + target);
        Map<String, String> names = new java.util.HashMap<>();
        graph.get("nodes").forEach(n -> names.put(n.get("id").asString(), n.get("name").asString()));
        assertThat(graph.get("edges").valueStream().map(e -> names.get(e.get("source").asString()) + " -> "
                + names.get(e.get("target").asString())).toList())
                .containsExactlyInAnyOrder("lin_map.SRC -> lin_map_load", "lin_map_load -> lin_map.TGT");

        // The entity pages link what a mapping ties: the target is fed by the source, the source feeds the target.
        long source = api().get("/api/v1/entities?name=lin_map.SRC").get(0).get("id").asLong();
        String targetPage = api().raw(HttpMethod.GET, "/entities/" + target, null).text();
        assertThat(targetPage).contains("Fed by (mappings)", "href=\"/entities/" + source + "\" class=\"fed-by\">lin_map.SRC</a>")
                .doesNotContain("class=\"feeds\"");
        String sourcePage = api().raw(HttpMethod.GET, "/entities/" + source, null).text();
        assertThat(sourcePage).contains("href=\"/entities/" + target + "\" class=\"feeds\">lin_map.TGT</a>")
                .doesNotContain("class=\"fed-by\"");
    }

    String BULK_HEADER = "source_entity_schema;source_entity_name;target_entity_schema;target_entity_name;"
            + "target_entity_load_name;entity_mapping_name;target_attribute_name;source_attribute_names;transformation_type;"
            + "transformation_formula\n";

    /** The commercial designer's mapping import: CSV or JSON rows into loads' mappings, all or nothing. */
    @Test
    default void bulkImportMapsRowsIntoLoadsAndNamesEveryRefusedRowAndColumn() {
        long existing = hubLoad("map_bulk");
        String csv = BULK_HEADER
                + "map_bulk;Stage_Customer;map_bulk;hub_customer;load_map_bulk_new;stage_to_hub;hk;\"customer_no,qualify\";HASH_KEY;\n"
                + "map_bulk;Stage_Customer;map_bulk;hub_customer;load_map_bulk_new;stage_to_hub;bk;customer_no;BUSINESS_KEY;\n"
                + "map_bulk;Stage_Customer;map_bulk;hub_customer;load_map_bulk_new;stage_to_hub;rec_src;;CUSTOM;\"'C;R|M'\"\n"
                + "map_bulk;Stage_Customer;map_bulk;hub_customer;load_map_bulk;other;user_ref;userId;;\n";

        // Rules broken in two rows and a load that does not exist: every row named, nothing written.
        Api.Answer refused = bulk(csv.replace("customer_no;BUSINESS_KEY", "nope;BUSINESS_KEY").replace(";HASH_KEY;", ";NO_TYPE;"));
        assertThat(fields(refused)).containsExactly(
                "rows[2].transformation_type|row 2, column transformation_type: Load 'load_map_bulk_new', mapping 1"
                        + " (map_bulk.Stage_Customer), target attribute 'hk': is not a configured transformation type; known"
                        + " types: BUSINESS_KEY, CONCAT, CURRENT_TS, CUSTOM, HASH_DIFF, HASH_KEY, HASH_LIST, REFERENCE_HASH_DIFF,"
                        + " REFERENCE_HASH_KEY",
                "rows[3].source_attribute_names|row 3, column source_attribute_names: Load 'load_map_bulk_new', mapping 1"
                        + " (map_bulk.Stage_Customer), target attribute 'bk': source attribute 'nope' is not an attribute of"
                        + " the mapping's source map_bulk.Stage_Customer");
        assertThat(api().get("/api/v1/loads?name=load_map_bulk_new")).isEmpty();
        assertThat(api().get("/api/v1/loads/" + existing + "/mappings").get("mappings").size()).isZero();

        // A file the import cannot read: its header and rows named before anything is looked up.
        Api.Answer unreadable = bulk(BULK_HEADER.replace("transformation_formula", "remarks")
                + "map_bulk;Stage_Customer;map_bulk;hub_customer;load_map_bulk_new;stage_to_hub;;customer_no;;\n");
        assertThat(fields(unreadable)).containsExactly(
                "header.remarks|header: 'remarks' is not a column of the mapping import; its columns:"
                        + " source_entity_schema, source_entity_name, target_entity_schema, target_entity_name,"
                        + " target_entity_load_name, entity_mapping_name, target_attribute_name, source_attribute_names,"
                        + " transformation_type, transformation_formula");

        Api.Answer done = bulk(csv);
        assertThat(done.status()).as(done.body()).isEqualTo(200);
        assertThat(done.json().get("rows").asInt()).isEqualTo(4);
        assertThat(done.json().get("createdLoads").toString()).isEqualTo("[\"load_map_bulk_new\"]");
        assertThat(done.json().get("changedLoads").toString()).isEqualTo("[\"load_map_bulk\"]");
        JsonNode made = api().get("/api/v1/loads?name=load_map_bulk_new").get(0);
        assertThat(made.get("target").asString()).isEqualTo("map_bulk.hub_customer");
        assertThat(made.get("mappings").get(0).get("name").asString()).isEqualTo("stage_to_hub");
        assertThat(made.get("mappings").get(0).get("attributes").valueStream().map(a -> a.get("target").asString() + "<-"
                + a.get("sources").valueStream().map(JsonNode::asString).toList() + ":" + a.get("transformationType").asString()
                + (a.has("formula") ? "=" + a.get("formula").asString() : "")).toList())
                .containsExactly("hk<-[customer_no, qualify]:HASH_KEY", "bk<-[customer_no]:BUSINESS_KEY", "rec_src<-[]:CUSTOM='C;R|M'");

        // JSON rows: a mapping of the same name replaces the load's, the others stay.
        Api.Answer json = api().send(HttpMethod.POST, "/api/v1/loads/mapping-import", List.of(obj("source_entity_schema",
                "map_bulk", "source_entity_name", "Stage_Customer", "target_entity_schema", "map_bulk", "target_entity_name",
                "hub_customer", "target_entity_load_name", "LOAD_MAP_BULK", "entity_mapping_name", "OTHER",
                "target_attribute_name", "bk", "source_attribute_names", List.of("customer_no"), "transformation_type", null)));
        assertThat(json.status()).as(json.body()).isEqualTo(200);
        JsonNode replaced = api().get("/api/v1/loads/" + existing + "/mappings").get("mappings");
        assertThat(replaced.size()).isEqualTo(1);
        assertThat(replaced.get(0).get("name").asString()).isEqualTo("OTHER");
        assertThat(replaced.get(0).get("attributes").get(0).get("target").asString()).isEqualTo("bk");
    }

    private Api.Answer bulk(String csv) {
        try {
            var result = api().mvc().perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders
                    .post("/api/v1/loads/mapping-import").with(Api.signedIn()).contentType("text/csv")
                    .accept(org.springframework.http.MediaType.APPLICATION_JSON, org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON)
                    .content(csv.getBytes(StandardCharsets.UTF_8))).andReturn();
            return new Api.Answer(result.getResponse().getStatus(), result.getResponse().getContentAsString(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private Api.Answer imported(String json) {
        Api.Raw answer = api().raw(HttpMethod.POST, "/api/v1/packages/import", json.getBytes(StandardCharsets.UTF_8));
        return new Api.Answer(answer.status(), answer.text());
    }

    private static List<String> fields(Api.Answer answer) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        return answer.json().get("errors").valueStream()
                .map(e -> e.get("field").asString() + "|" + e.get("message").asString()).toList();
    }
}
