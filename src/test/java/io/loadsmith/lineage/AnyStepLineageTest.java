package io.loadsmith.lineage;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

import io.loadsmith.store.Api;
import io.loadsmith.store.H2DemoStoreTest;
import tools.jackson.databind.JsonNode;

/**
 * Whatever a load's steps hold, lineage (API and page) and Try it's plan answer: a model with a load
 * per shipped library template and loads whose override steps DELETE, UPDATE … FROM, MERGE or hold
 * odd text. Before, any FROM without a SELECT before it (cdc_scd2, snapshot's check strategy, DELETE
 * FROM) made the whole graph answer 500.
 */
class AnyStepLineageTest extends H2DemoStoreTest {

    private static int made;

    private final List<Long> loads = new ArrayList<>();
    private final List<Long> entities = new ArrayList<>();
    private String source;
    private String target;
    private String key;

    @Test
    void everyLibraryTemplateAndOddStepAnswers() throws IOException {
        Map<String, String> steps = new LinkedHashMap<>();
        for (String template : libraryTemplates()) {
            steps.put("lib_" + template, call(template));
        }
        steps.put("odd_delete", "DELETE FROM <target_schema>.<target_entity_name> WHERE ship_id IN (SELECT ship_id FROM "
                + source + ");");
        steps.put("odd_delete_using", "DELETE FROM <target_schema>.<target_entity_name> t USING " + source
                + " s WHERE t.ship_id = s.ship_id;");
        steps.put("odd_update_from", "UPDATE <target_schema>.<target_entity_name> SET name = s.name FROM " + source
                + " s WHERE <target_schema>.<target_entity_name>.ship_id = s.ship_id;");
        steps.put("odd_merge", "MERGE INTO <target_schema>.<target_entity_name> t USING (SELECT ship_id, name FROM "
                + source + ") s ON t.ship_id = s.ship_id WHEN MATCHED THEN UPDATE SET name = s.name;");
        steps.put("odd_text", "-- FROM nowhere\nSELECT 'FROM x' AS \"FROM\" FROM " + source
                + " WHERE name = 'DELETE FROM y';\nFROM " + source + ";\n) FROM ( \" ;");
        Map<String, Long> ids = new LinkedHashMap<>();
        steps.forEach((name, text) -> ids.put(name, load(name, text)));

        JsonNode graph = api().get("/api/v1/lineage");
        List<String> edges = edges(graph);
        for (String name : ids.keySet()) {
            assertThat(node(graph, "load:" + ids.get(name))).as(name + " is in the graph").isNotNull();
        }
        assertThat(edges).as("what could be read of each load").contains(
                source + " -> lib_cdc_scd2", source + " -> lib_snapshot", source + " -> odd_update_from",
                source + " -> odd_merge", source + " -> odd_delete", "odd_delete -> " + target);
        assertThat(api().send(HttpMethod.GET, "/api/v1/lineage?package=demo", null).status()).isEqualTo(200);

        String page = api().text("/lineage");
        assertThat(page).contains("lib_cdc_scd2", "odd_text");

        for (Map.Entry<String, Long> load : ids.entrySet()) {
            Api.Answer plan = api().send(HttpMethod.GET, "/api/v1/loads/" + load.getValue() + "/try", null);
            // A load whose SQL cannot be generated is a 422 that says why; nothing is a 500.
            assertThat(plan.status()).as(load.getKey() + ": " + plan.body()).isIn(200, 422);
            if (plan.status() == 422) {
                assertThat(plan.json().get("detail").asString()).as(load.getKey()).contains(load.getKey());
            } else {
                assertThat(plan.json().get("statements").size()).as(load.getKey()).isPositive();
            }
            Api.Answer tryPage = api().send(HttpMethod.GET, "/loads/" + load.getValue() + "/try", null);
            assertThat(tryPage.status()).as(load.getKey()).isEqualTo(200);
        }
        for (String name : List.of("lib_cdc_scd2", "lib_snapshot", "odd_delete", "odd_update_from", "odd_merge", "odd_text")) {
            assertThat(api().send(HttpMethod.GET, "/api/v1/loads/" + ids.get(name) + "/try", null).status())
                    .as(name).isEqualTo(200);
        }
    }

    @Test
    void aLoadWhoseSqlCannotBeGeneratedIsInTheGraphWithANote() {
        // The hybrid rebuild needs an SCD_VERSION column that a DIM_SCD2 has not, and is a full refresh besides.
        long id = load("lin_broken", "INSERT INTO " + target + " SELECT * FROM " + source + ";\n" + call("scd_hybrid_rebuild"));
        JsonNode graph = api().get("/api/v1/lineage");
        JsonNode node = node(graph, "load:" + id);
        assertThat(node.get("notes").toString()).contains("cannot be generated", "steps' text was read instead");
        assertThat(edges(graph)).contains(source + " -> lin_broken");
        assertThat(api().text("/lineage")).contains("Not read in full", "lin_broken");
    }

    private static List<String> libraryTemplates() throws IOException {
        try (Stream<Path> dirs = Files.list(Path.of("templates-library/templates"))) {
            List<String> names = new ArrayList<>(dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                    .sorted().toList());
            assertThat(names).contains("cdc_scd2", "snapshot", "scd2", "audit");
            return names;
        }
    }

    /** A call of each template that its template.yaml's required parameters are given for. */
    private String call(String template) {
        return switch (template) {
            case "audit" -> "<ftltemplate:audit:table=" + source + ":type=not_null:columns=ship_id>";
            case "cdc_scd2" -> "<ftltemplate:cdc_scd2:key_columns=ship_id>";
            case "insert_new_by_datahash" -> "<ftltemplate:insert_new_by_datahash:key_columns=ship_id>";
            case "scd2" -> "CREATE TABLE <target_schema>.Z_TMP_<target_entity_name> AS SELECT ship_id AS " + key + ","
                    + " name, cdc_seq, updated_at AS valid_from FROM " + source + ";\n<ftltemplate:scd2:temp_table_prefix=Z_TMP_>";
            case "scd_hybrid_rebuild" -> "<ftltemplate:scd_hybrid_rebuild:natural_key=ship_id:scd1_columns=name>";
            case "snapshot" -> "<ftltemplate:snapshot:strategy=check:unique_key=ship_id:check_columns=*>";
            default -> "<ftltemplate:" + template + ">";
        };
    }

    /** A source and a DIM_SCD2 target of this test's own, with the columns the templates' calls name. */
    @BeforeEach
    void model() {
        int n = ++made;
        source = "stage.LIN_ANY_SRC" + n;
        JsonNode src = created(api().send(HttpMethod.POST, "/api/v1/entities", Map.of("logicalName", "LIN_ANY_SRC" + n,
                "name", "LIN_ANY_SRC" + n, "schema", "stage", "attributes", List.of(attr("ship_id", "VARCHAR"),
                        attr("name", "VARCHAR"), attr("updated_at", "TIMESTAMP"), attr("cdc_operation", "VARCHAR"),
                        attr("cdc_seq", "INTEGER4"), attr("event_time", "TIMESTAMP")))));
        JsonNode dim = created(api().send(HttpMethod.POST, "/api/v1/entities", Map.of("entityType", "DIM_SCD2",
                "logicalName", "LIN_ANY" + n, "attributes", List.of(attr("ship_id", "VARCHAR"), attr("name", "VARCHAR"),
                        attr("cdc_seq", "INTEGER4"), attr("updated_at", "TIMESTAMP")))));
        target = dim.get("qualifiedName").asString();
        key = "lin_any" + n + "_id";
        entities.addAll(List.of(dim.get("id").asLong(), src.get("id").asLong()));
    }

    /** The demo store outlives the test: loads that cannot be generated must not reach other tests' exports. */
    @AfterEach
    void removeWhatWasMade() {
        loads.forEach(id -> assertThat(api().send(HttpMethod.DELETE, "/api/v1/loads/" + id, null).status()).isEqualTo(204));
        entities.forEach(id -> assertThat(api().send(HttpMethod.DELETE, "/api/v1/entities/" + id, null).status()).isEqualTo(204));
    }

    private long load(String name, String text) {
        List<Map<String, Object>> steps = new ArrayList<>();
        int n = 0;
        for (String part : text.split("(?<=;)\n(?=<ftltemplate)")) {
            steps.add(Map.of("name", "s" + ++n, "type", "OVERRIDE", "text", part));
        }
        Api.Answer created = api().send(HttpMethod.POST, "/api/v1/loads", Map.of("name", name, "target", target,
                "sources", List.of(source), "steps", steps));
        long id = created(created).get("id").asLong();
        loads.add(id);
        return id;
    }

    private static JsonNode created(Api.Answer answer) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(201);
        return answer.json();
    }

    private static Map<String, Object> attr(String name, String type) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("name", name);
        a.put("datatype", type);
        if (type.equals("VARCHAR")) {
            a.put("dataLength", 100);
        }
        return a;
    }

    private static JsonNode node(JsonNode graph, String id) {
        for (JsonNode n : graph.get("nodes")) {
            if (n.get("id").asString().equals(id)) {
                return n;
            }
        }
        return null;
    }

    private static List<String> edges(JsonNode graph) {
        Map<String, String> names = new java.util.HashMap<>();
        graph.get("nodes").forEach(n -> names.put(n.get("id").asString(), n.get("name").asString()));
        List<String> edges = new ArrayList<>();
        graph.get("edges").forEach(e -> edges.add(names.get(e.get("source").asString()) + " -> "
                + names.get(e.get("target").asString())));
        return edges;
    }
}
