package io.loadsmith.store;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import tools.jackson.databind.JsonNode;

/**
 * The audit trail through the REST API, as an auditor reads it: every write of an entity, a load
 * and a template is one event with who, what, and the object before and after; a refused or
 * rolled-back change leaves no event; an import is one event; filters and paging work in the
 * database. Implemented once per metadata store. The store is shared with other tests, so every
 * test works in names of its own and reads the trail through a filter on them.
 */
public interface AuditTrailContract {

    Api api();

    /** A name no other test (or earlier run of this one) uses. */
    private static String unique(String prefix) {
        return prefix + Long.toString(System.nanoTime(), 36).toUpperCase(Locale.ROOT);
    }

    /** One page of the trail: the events and the paging headers. */
    record Listing(JsonNode events, long total, String link) {
        List<String> actions() {
            return events.valueStream().map(e -> e.get("action").asString()).toList();
        }
    }

    private Listing audit(String query) throws Exception {
        MockHttpServletResponse response = api().mvc().perform(MockMvcRequestBuilders.get("/api/v1/audit" + query)
                .accept(MediaType.APPLICATION_JSON)).andReturn().getResponse();
        assertThat(response.getStatus()).as(response.getContentAsString()).isEqualTo(200);
        return new Listing(Api.JSON.readTree(response.getContentAsString(StandardCharsets.UTF_8)),
                Long.parseLong(response.getHeader("X-Total-Count")), response.getHeader("Link"));
    }

    private JsonNode event(JsonNode entry) {
        return api().get("/api/v1/audit/" + entry.get("id").asLong());
    }

    private static boolean absent(JsonNode node) {
        return node == null || node.isNull();
    }

    private Map<String, Object> entity(String name, String description) {
        return obj("logicalName", name, "name", name, "schema", "audit", "description", description,
                "attributes", List.of(obj("name", "id", "datatype", "INTEGER8")));
    }

    private JsonNode put(String path, JsonNode current, String field, Object value) {
        Map<String, Object> body = Api.toMap(current);
        body.put(field, value);
        Api.Answer answer = api().send(HttpMethod.PUT, path, body);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json();
    }

    private void delete(String path) {
        Api.Answer answer = api().send(HttpMethod.DELETE, path, null);
        assertThat(answer.status()).as(answer.body()).isEqualTo(204);
    }

    @Test
    @WithMockUser(username = "alice", roles = "ADMIN")
    default void everyWriteIsOneEventWithWhoAndTheObjectBeforeAndAfter() throws Exception {
        String name = unique("AU_");
        String entityPath = "/api/v1/entities/";
        JsonNode entity = api().create("/api/v1/entities", entity(name, "first"));
        JsonNode template = api().create("/api/v1/templates", obj("name", name.toLowerCase(Locale.ROOT),
                "description", "one", "variants", Map.of("default", "SELECT 1")));
        JsonNode load = api().create("/api/v1/loads", obj("name", "load_" + name, "target", "audit." + name,
                "steps", List.of(obj("name", "only", "type", "OVERRIDE", "text", "SELECT 1"))));

        put(entityPath + entity.get("id").asLong(), entity, "description", "second");
        put("/api/v1/templates/" + template.get("id").asLong(), template, "description", "two");
        put("/api/v1/loads/" + load.get("id").asLong(), load, "description", "loaded");
        delete("/api/v1/loads/" + load.get("id").asLong());
        delete(entityPath + entity.get("id").asLong());
        delete("/api/v1/templates/" + template.get("id").asLong());

        Listing entityEvents = audit("?objectKind=ENTITY&objectName=audit." + name);
        assertThat(entityEvents.actions()).containsExactly("DELETE", "UPDATE", "CREATE");
        assertThat(entityEvents.events().valueStream().map(e -> e.get("actor").asString())).containsOnly("alice");
        assertThat(entityEvents.events().get(0).get("objectId").asLong()).isEqualTo(entity.get("id").asLong());

        JsonNode created = event(entityEvents.events().get(2));
        assertThat(absent(created.get("before"))).isTrue();
        assertThat(created.get("after").isObject()).isTrue();
        assertThat(created.get("after").get("description").asString()).isEqualTo("first");
        assertThat(created.get("after").get("attributes").get(0).get("name").asString()).isEqualTo("id");
        JsonNode updated = event(entityEvents.events().get(1));
        assertThat(updated.get("before").get("description").asString()).isEqualTo("first");
        assertThat(updated.get("after").get("description").asString()).isEqualTo("second");
        assertThat(updated.get("after").get("version").asLong()).isGreaterThan(updated.get("before").get("version").asLong());
        assertThat(updated.get("summary").asString()).isEqualTo("Changed description");
        JsonNode deleted = event(entityEvents.events().get(0));
        assertThat(deleted.get("before").get("description").asString()).isEqualTo("second");
        assertThat(absent(deleted.get("after"))).isTrue();

        Listing loadEvents = audit("?objectKind=LOAD&objectName=load_" + name);
        assertThat(loadEvents.actions()).containsExactly("DELETE", "UPDATE", "CREATE");
        JsonNode loadUpdate = event(loadEvents.events().get(1));
        assertThat(absent(loadUpdate.get("before").get("description"))).isTrue();
        assertThat(loadUpdate.get("after").get("description").asString()).isEqualTo("loaded");
        assertThat(loadUpdate.get("after").get("target").asString()).isEqualTo("audit." + name);
        assertThat(loadUpdate.get("actor").asString()).isEqualTo("alice");

        Listing templateEvents = audit("?objectKind=TEMPLATE&objectName=" + name.toLowerCase(Locale.ROOT));
        assertThat(templateEvents.actions()).containsExactly("DELETE", "UPDATE", "CREATE");
        JsonNode templateUpdate = event(templateEvents.events().get(1));
        assertThat(templateUpdate.get("before").get("description").asString()).isEqualTo("one");
        assertThat(templateUpdate.get("after").get("description").asString()).isEqualTo("two");
        assertThat(templateUpdate.get("after").get("variants").get("default").asString()).isEqualTo("SELECT 1");
    }

    @Test
    @WithMockUser(username = "alice", roles = "ADMIN")
    default void aLoadsEventsAreFiledUnderItsTargetsPackage() throws Exception {
        String name = unique("AP_");
        String pkg = unique("ap_pkg_");
        api().create("/api/v1/packages", obj("name", pkg));
        Map<String, Object> target = entity(name, "in a package");
        target.put("packageName", pkg);
        api().create("/api/v1/entities", target);
        api().create("/api/v1/entities", entity(name + "_LOOSE", "in no package"));
        List<Map<String, Object>> steps = List.of(obj("name", "only", "type", "OVERRIDE", "text", "SELECT 1"));
        JsonNode load = api().create("/api/v1/loads", obj("name", "load_" + name, "target", "audit." + name, "steps", steps));
        assertThat(load.get("packageName").asString()).isEqualTo(pkg);
        put("/api/v1/loads/" + load.get("id").asLong(), load, "description", "changed");
        JsonNode loose = api().create("/api/v1/loads", obj("name", "load_" + name + "_LOOSE", "target",
                "audit." + name + "_LOOSE", "steps", steps));
        assertThat(absent(loose.get("packageName"))).isTrue();

        Listing events = audit("?objectKind=LOAD&objectName=load_" + name);
        assertThat(events.actions()).containsExactly("UPDATE", "CREATE");
        assertThat(events.events().valueStream().map(e -> e.get("packageName").asString())).containsOnly(pkg);
        assertThat(absent(audit("?objectKind=LOAD&objectName=load_" + name + "_LOOSE").events().get(0)
                .get("packageName"))).isTrue();
    }

    @Test
    default void refusedAndRolledBackChangesLeaveNoEvent() throws Exception {
        String name = unique("AR_");
        JsonNode entity = api().create("/api/v1/entities", entity(name, "kept"));
        String path = "/api/v1/entities/" + entity.get("id").asLong();
        Map<String, Object> stale = Api.toMap(entity);
        stale.put("version", entity.get("version").asLong() + 7);
        stale.put("description", "lost");
        Map<String, Object> invalid = Api.toMap(entity);
        invalid.put("logicalName", "1 not an identifier");
        api().create("/api/v1/loads", obj("name", "load_" + name, "target", "audit." + name,
                "steps", List.of(obj("name", "only", "type", "OVERRIDE", "text", "SELECT 1"))));

        assertThat(api().send(HttpMethod.PUT, path, stale).status()).isEqualTo(409);
        assertThat(api().send(HttpMethod.PUT, path, invalid).status()).isEqualTo(400);
        assertThat(api().send(HttpMethod.DELETE, path, null).status()).isEqualTo(409);

        assertThat(audit("?objectKind=ENTITY&objectName=audit." + name).actions()).containsExactly("CREATE");

        // The package delete passes every check, writes its event, then fails on the entity that
        // still belongs to the package: the event must go with the rolled-back delete.
        String pkg = unique("au_pkg_");
        JsonNode created = api().create("/api/v1/packages", obj("name", pkg));
        api().create("/api/v1/entities", obj("logicalName", name + "_P", "schema", "audit", "packageName", pkg));
        Api.Answer refused = api().send(HttpMethod.DELETE, "/api/v1/packages/" + created.get("id").asLong(), null);
        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        assertThat(audit("?objectKind=PACKAGE&objectName=" + pkg).actions()).containsExactly("CREATE");
    }

    @Test
    @WithMockUser(username = "alice", roles = "ADMIN")
    default void filtersAndPagesNewestFirstInTheDatabase() throws Exception {
        String name = unique("AP_");
        JsonNode entity = api().create("/api/v1/entities", entity(name, "v0"));
        for (int i = 1; i <= 4; i++) {
            entity = put("/api/v1/entities/" + entity.get("id").asLong(), entity, "description", "v" + i);
        }
        String object = "?objectKind=ENTITY&objectName=audit." + name;

        Listing first = audit(object + "&size=2");
        assertThat(first.total()).isEqualTo(5);
        assertThat(first.events().size()).isEqualTo(2);
        assertThat(first.link()).contains("page=1&size=2>; rel=\"next\"", "page=2&size=2>; rel=\"last\"");
        assertThat(event(first.events().get(0)).get("after").get("description").asString()).isEqualTo("v4");
        Listing last = audit(object + "&size=2&page=2");
        assertThat(last.actions()).containsExactly("CREATE");
        assertThat(last.link()).contains("rel=\"prev\"").doesNotContain("rel=\"next\"");

        assertThat(audit(object + "&actor=alice").total()).isEqualTo(5);
        assertThat(audit(object + "&actor=system").total()).isZero();
        assertThat(audit("?objectName=audit." + name).total()).isEqualTo(5);
        assertThat(audit("?objectKind=LOAD&objectName=audit." + name).total()).isZero();
        Instant now = Instant.now();
        assertThat(audit(object + "&from=" + now.minus(1, ChronoUnit.HOURS)).total()).isEqualTo(5);
        assertThat(audit(object + "&from=" + now.plus(1, ChronoUnit.HOURS)).total()).isZero();
        assertThat(audit(object + "&to=" + now.minus(1, ChronoUnit.HOURS)).total()).isZero();
        assertThat(audit("?actor=alice&size=1").events().get(0).get("actor").asString()).isEqualTo("alice");
    }

    /** Every HTTP call is signed in; what happens without a user (the first start's administrator) is by "system". */
    @Test
    default void changesWithoutASignedInUserAreBySystem() throws Exception {
        Listing events = audit("?objectKind=ACCOUNT&objectName=admin");

        assertThat(events.actions()).containsExactly("CREATE");
        assertThat(events.events().get(0).get("actor").asString()).isEqualTo("system");
        assertThat(event(events.events().get(0)).get("after").get("role").asString()).isEqualTo("ADMIN");
        assertThat(event(events.events().get(0)).toString()).doesNotContain("password", "{bcrypt}");
    }

    @Test
    @WithMockUser(username = "alice", roles = "ADMIN")
    default void anImportIsOneEventAndARestoreAnother() throws Exception {
        String pkg = unique("au_imp_");
        String entityName = pkg.toUpperCase(Locale.ROOT);
        String doc = "{\"name\": \"" + pkg + "\", \"entities\": [{\"schema\": \"audit\", \"name\": \"" + entityName
                + "\", \"logicalName\": \"" + entityName + "\", \"physicalType\": \"TABLE\","
                + " \"attributes\": [{\"name\": \"id\", \"datatype\": \"INTEGER8\"}]}]}";
        String versions = "/api/v1/packages/";

        assertThat(api().raw(HttpMethod.POST, "/api/v1/packages/import", doc.getBytes(StandardCharsets.UTF_8)).status())
                .isEqualTo(200);
        long id = api().get("/api/v1/packages?name=" + pkg).get(0).get("id").asLong();
        api().create(versions + id + "/versions", obj("message", "first cut"));
        assertThat(api().raw(HttpMethod.POST, "/api/v1/packages/import", doc.replace("INTEGER8", "NO_SUCH_TYPE")
                .getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(400);
        assertThat(api().raw(HttpMethod.POST, versions + id + "/versions/1/restore", null).status()).isEqualTo(200);

        Listing events = audit("?objectKind=PACKAGE&objectName=" + pkg);
        assertThat(events.actions()).containsExactly("RESTORE_VERSION", "COMMIT", "IMPORT");
        // A committed version also holds the shared configuration (attribute types, ...) that other
        // tests add to the store, so the restore's count of unchanged objects is not fixed here.
        assertThat(events.events().valueStream().map(e -> e.get("summary").asString()).toList())
                .satisfiesExactly(
                        restored -> assertThat(restored).matches("Restored version 1: 0 created, 0 updated, \\d+ unchanged, 0 deleted"),
                        committed -> assertThat(committed).isEqualTo("Version 1: first cut"),
                        imported -> assertThat(imported).isEqualTo("Imported: 2 created, 0 updated, 0 unchanged, 0 deleted"));
        assertThat(events.events().valueStream().map(e -> e.get("objectId").asLong())).containsOnly(id);
        assertThat(events.events().valueStream().map(e -> e.get("packageName").asString())).containsOnly(pkg);
        assertThat(event(events.events().get(2)).get("after").get("created").asInt()).isEqualTo(2);
        assertThat(event(events.events().get(1)).get("after").get("number").asInt()).isEqualTo(1);
        // The objects an import writes are counted in its event, not recorded one by one.
        assertThat(audit("?objectName=audit." + entityName).total()).isZero();
    }

    @Test
    default void oneEventAnswersWithItsObjectsAndUnknownOnesAreProblems() throws Exception {
        Api.Answer missing = api().send(HttpMethod.GET, "/api/v1/audit/987654321", null);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json().get("detail").asString()).isEqualTo("Audit event 987654321 does not exist.");

        Api.Answer badKind = api().send(HttpMethod.GET, "/api/v1/audit?objectKind=SPACESHIP", null);
        assertThat(badKind.status()).isEqualTo(400);
        assertThat(badKind.body()).doesNotContain("Exception", "at io.loadsmith");
        Api.Answer badTime = api().send(HttpMethod.GET, "/api/v1/audit?from=yesterday", null);
        assertThat(badTime.status()).isEqualTo(400);
    }
}
