package io.loadsmith.packages;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

import io.loadsmith.store.Api;
import tools.jackson.databind.JsonNode;

/**
 * An import of what the store holds already changes nothing: each object is counted unchanged, keeps
 * its row version (an editor who holds it can still save) and the audit trail says so; only what
 * differs is updated. Implemented once per metadata store.
 */
public interface UnchangedImportContract {

    Api api();

    /** Eight objects: the package, an attribute type, an entity type, a template, two entities, a load, an environment. */
    String PACKAGE = """
            {
              "format": "loadsmith-package/1",
              "name": "same_again",
              "description": "Imported more than once",
              "attributeTypes": [ { "name": "SAME_AGAIN_KEY", "description": "a key" } ],
              "entityTypes": [ { "name": "SAME_AGAIN_DIM", "namePrefix": "D_", "defaultPhysicalType": "TABLE",
                                 "defaultAttributes": [],
                                 "loadTypes": [ { "physicalType": "TABLE", "loadType": "TRANSFORM_PERSIST" } ] } ],
              "templates": [ { "name": "same_again_select", "parameters": [], "variants": { "default": "SELECT 1" } } ],
              "entities": [
                { "schema": "same", "name": "D_ONE", "logicalName": "ONE", "entityType": "SAME_AGAIN_DIM",
                  "physicalType": "TABLE", "description": "DESCRIPTION",
                  "attributes": [ { "name": "one_id", "datatype": "INTEGER8", "nullable": false, "attributeType": "SAME_AGAIN_KEY" },
                                  { "name": "label", "datatype": "VARCHAR", "dataLength": 40, "nullable": true } ] },
                { "schema": "same", "name": "SRC_ONE", "logicalName": "SRC_ONE", "physicalType": "TABLE",
                  "attributes": [ { "name": "one_id", "datatype": "INTEGER8", "nullable": false } ] }
              ],
              "loads": [ { "name": "load_same_one", "target": "same.D_ONE", "loadType": "TRANSFORM_PERSIST",
                           "sources": [ "same.SRC_ONE" ], "options": {},
                           "steps": [ { "name": "insert", "type": "OVERRIDE", "text": "<ftltemplate:same_again_select>" } ] } ],
              "environments": [ { "name": "same_again_env", "variables": { "suffix": "_x" } } ]
            }""";

    @Test
    default void importingTheSameFileAgainCountsEveryObjectUnchangedAndKeepsItsVersion() {
        assertThat(imported(PACKAGE)).isEqualTo("8 created, 0 updated, 0 unchanged, 0 deleted");
        String versions = versions();

        assertThat(imported(PACKAGE)).isEqualTo("0 created, 0 updated, 8 unchanged, 0 deleted");
        assertThat(versions()).isEqualTo(versions);

        // A real change is still one: only the entity whose description differs is written.
        long entityVersion = stored("/api/v1/entities?name=same.D_ONE").get("version").asLong();
        assertThat(imported(PACKAGE.replace("DESCRIPTION", "another description")))
                .isEqualTo("0 created, 1 updated, 7 unchanged, 0 deleted");
        assertThat(stored("/api/v1/entities?name=same.D_ONE").get("version").asLong()).isEqualTo(entityVersion + 1);

        JsonNode events = api().get("/api/v1/audit?objectKind=PACKAGE&objectName=same_again");
        assertThat(events.valueStream().map(e -> e.get("summary").asString()).toList()).containsExactly(
                "Imported: 0 created, 1 updated, 7 unchanged, 0 deleted",
                "Imported: 0 created, 0 updated, 8 unchanged, 0 deleted",
                "Imported: 8 created, 0 updated, 0 unchanged, 0 deleted");
    }

    @Test
    default void restoringAVersionTwiceChangesNothing() {
        // The same objects under other names, apart from the other test's.
        imported(PACKAGE.replace("same", "same_r").replace("SAME_AGAIN", "SAME_R_AGAIN"));
        long id = stored("/api/v1/packages?name=same_r_again").get("id").asLong();
        api().create("/api/v1/packages/" + id + "/versions", obj("message", "v1"));
        String versions = api().text("/api/v1/entities?name=same_r.D_ONE") + api().text("/api/v1/loads?name=load_same_r_one");

        for (int i = 0; i < 2; i++) {
            Api.Answer restored = api().send(HttpMethod.POST, "/api/v1/packages/" + id + "/versions/1/restore", null);
            assertThat(restored.status()).as(restored.body()).isEqualTo(200);
            // The version also holds the shared configuration other tests leave in the store: not counted here.
            assertThat(restored.json().get("created").asInt()).isZero();
            assertThat(restored.json().get("updated").asInt()).isZero();
            assertThat(restored.json().get("deleted").asInt()).isZero();
        }
        assertThat(api().text("/api/v1/entities?name=same_r.D_ONE") + api().text("/api/v1/loads?name=load_same_r_one"))
                .isEqualTo(versions);
    }

    /** A load the import leaves as it is is still checked against a template the import changes. */
    @Test
    default void anUnchangedLoadIsCheckedAgainstATemplateTheImportChanges() {
        String pkg = PACKAGE.replace("same", "same_c").replace("SAME_AGAIN", "SAME_C_AGAIN");
        imported(pkg);

        Api.Raw answer = api().raw(HttpMethod.POST, "/api/v1/packages/import", pkg.replace("\"parameters\": []",
                "\"parameters\": [ { \"name\": \"what\", \"type\": \"STRING\", \"required\": true } ]")
                .getBytes(StandardCharsets.UTF_8));

        assertThat(answer.status()).as(answer.text()).isEqualTo(400);
        assertThat(answer.text()).contains("$.loads[0].steps[0].text", "what");
        assertThat(stored("/api/v1/templates?name=same_c_again_select").get("parameters").size()).isZero();
    }

    /** The import's counts, in the words of its audit event. */
    private String imported(String json) {
        Api.Raw answer = api().raw(HttpMethod.POST, "/api/v1/packages/import", json.getBytes(StandardCharsets.UTF_8));
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        JsonNode result = Api.JSON.readTree(answer.text());
        return result.get("created").asInt() + " created, " + result.get("updated").asInt() + " updated, "
                + result.path("unchanged").asInt() + " unchanged, " + result.get("deleted").asInt() + " deleted";
    }

    /** The row versions of the package's objects and of the shared ones it names, as the API shows them. */
    private String versions() {
        StringBuilder all = new StringBuilder();
        for (String path : new String[] {"/api/v1/packages?name=same_again", "/api/v1/attribute-types?name=SAME_AGAIN_KEY",
                "/api/v1/entity-types?name=SAME_AGAIN_DIM", "/api/v1/templates?name=same_again_select",
                "/api/v1/entities?name=same.D_ONE", "/api/v1/entities?name=same.SRC_ONE", "/api/v1/loads?name=load_same_one",
                "/api/v1/environments?name=same_again_env"}) {
            all.append(path).append(" v").append(stored(path).get("version").asLong()).append('\n');
        }
        return all.toString();
    }

    private JsonNode stored(String path) {
        JsonNode found = api().get(path);
        assertThat(found.size()).as(path).isEqualTo(1);
        return found.get(0);
    }
}
