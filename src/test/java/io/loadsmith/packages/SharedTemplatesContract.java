package io.loadsmith.packages;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

import io.loadsmith.store.Api;
import tools.jackson.databind.JsonNode;

/**
 * A template of no package is shared configuration: every package's file carries it, and an import
 * or a restore of any of them creates or updates it as a template of no package, never as its own.
 * Otherwise the first package restored would take it over and the next one's restore be refused.
 * Implemented once per metadata store.
 */
public interface SharedTemplatesContract {

    Api api();

    @Test
    default void restoringAVersionRecreatesASharedTemplateAsShared() {
        long pa = api().create("/api/v1/packages", obj("name", "shr_pa")).get("id").asLong();
        long pb = api().create("/api/v1/packages", obj("name", "shr_pb")).get("id").asLong();
        for (String pkg : List.of("shr_pa", "shr_pb")) {
            api().create("/api/v1/entities", obj("schema", "shr", "logicalName", pkg.toUpperCase() + "_ONE",
                    "packageName", pkg, "attributes", List.of(obj("name", "id", "datatype", "INTEGER8"))));
        }
        long shared = template("shr_shared_x", null);
        template("shr_pa_own", "shr_pa");
        try {
            api().create("/api/v1/packages/" + pa + "/versions", obj("message", "a1"));
            api().create("/api/v1/packages/" + pb + "/versions", obj("message", "b1"));
            assertThat(api().send(HttpMethod.DELETE, "/api/v1/templates/" + shared, null).status()).isEqualTo(204);
            assertThat(api().send(HttpMethod.DELETE, "/api/v1/templates/" + id("shr_pa_own"), null).status()).isEqualTo(204);

            restored(pa);
            assertThat(owner("shr_shared_x")).isNull();
            assertThat(owner("shr_pa_own")).isEqualTo("shr_pa");
            restored(pb);
            assertThat(owner("shr_shared_x")).isNull();
            assertThat(owner("shr_pa_own")).isEqualTo("shr_pa");
            // The file says which templates are shared and which are the package's own.
            JsonNode a1 = api().get("/api/v1/packages/" + pa + "/versions/1");
            assertThat(a1.get("templates").valueStream().filter(t -> t.get("name").asString().startsWith("shr_"))
                    .map(JsonNode::toString).toList()).containsExactly(
                    "{\"name\":\"shr_pa_own\",\"parameters\":[],\"variants\":{\"default\":\"SELECT 1\"}}",
                    "{\"name\":\"shr_shared_x\",\"shared\":true,\"parameters\":[],\"variants\":{\"default\":\"SELECT 1\"}}");
        } finally {
            // Left behind, it would be in every other test's package files.
            api().get("/api/v1/templates?name=shr_shared_x").forEach(t ->
                    api().send(HttpMethod.DELETE, "/api/v1/templates/" + t.get("id").asLong(), null));
        }
    }

    /** A file written before templates were marked shared: the shared one it names stays shared. */
    @Test
    default void aFileWithoutTheMarkLeavesAStoredSharedTemplateShared() {
        long shared = template("shr_old_file", null);
        try {
            Api.Raw answer = api().raw(HttpMethod.POST, "/api/v1/packages/import", """
                    {"format": "loadsmith-package/1", "name": "shr_old",
                     "templates": [{"name": "shr_old_file", "parameters": [], "variants": {"default": "SELECT 2"}}]}"""
                    .getBytes(StandardCharsets.UTF_8));

            assertThat(answer.status()).as(answer.text()).isEqualTo(200);
            assertThat(owner("shr_old_file")).isNull();
            assertThat(api().get("/api/v1/templates/" + shared).get("variants").get("default").asString())
                    .isEqualTo("SELECT 2");
        } finally {
            api().send(HttpMethod.DELETE, "/api/v1/templates/" + shared, null);
        }
    }

    private long template(String name, String packageName) {
        return api().create("/api/v1/templates", obj("name", name, "packageName", packageName, "parameters", List.of(),
                "variants", Map.of("default", "SELECT 1"))).get("id").asLong();
    }

    private void restored(long packageId) {
        Api.Raw answer = api().raw(HttpMethod.POST, "/api/v1/packages/" + packageId + "/versions/1/restore", null);
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    }

    private JsonNode stored(String name) {
        JsonNode found = api().get("/api/v1/templates?name=" + name);
        assertThat(found.size()).as("templates named " + name).isEqualTo(1);
        return found.get(0);
    }

    private long id(String name) {
        return stored(name).get("id").asLong();
    }

    private String owner(String name) {
        JsonNode owner = stored(name).get("packageName");
        return owner == null || owner.isNull() ? null : owner.asString();
    }
}
