package io.loadsmith.packages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;

import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.store.Api;
import io.loadsmith.store.H2StoreTest;

/**
 * Imports touch only their own package's objects, stay all or nothing when a package of hundreds
 * of objects fails at its end, and answer malformed JSON in the package's terms, never with a Java
 * class name, on the API and the designer's import page (imports are for ADMINs).
 */
class ImportSafetyTest extends H2StoreTest {

    /** What no answer to a package may contain: Java types, packages, Jackson's type quoting, stack frames. */
    private static final List<String> LEAKS = List.of("java.", "io.loadsmith", "tools.jackson", "$EntityDoc", "Doc`",
            "ArrayList", "Exception", "`", "Cannot deserialize", "at [Source");

    private static PackageDocument.EntityDoc entity(String schema, String name, String type, String... attributes) {
        List<PackageDocument.AttributeDoc> attrs = new ArrayList<>();
        for (String a : attributes) {
            attrs.add(new PackageDocument.AttributeDoc(a, "VARCHAR", 20, null, null, true, null, null));
        }
        return new PackageDocument.EntityDoc(schema, name, name, type, "TABLE", null, null, attrs);
    }

    private static PackageDocument.LoadDoc load(String name, String target) {
        return new PackageDocument.LoadDoc(name, target, null, null, List.of(), Map.of(),
                List.of(new PackageDocument.StepDoc("copy", "OVERRIDE", "INSERT INTO <target_schema>.<target_entity_name> SELECT 1;")));
    }

    private static PackageDocument.EntityTypeDoc type(String name) {
        return new PackageDocument.EntityTypeDoc(name, null, null, null, null, null, List.of(), List.of());
    }

    private static PackageDocument.TemplateDoc template(String name) {
        return new PackageDocument.TemplateDoc(name, null, List.of(), Map.of("default", "SELECT 1"));
    }

    private static byte[] pkg(String name, List<PackageDocument.EntityTypeDoc> types, List<PackageDocument.TemplateDoc> templates,
                              List<PackageDocument.EntityDoc> entities, List<PackageDocument.LoadDoc> loads) {
        return PackageJson.write(new PackageDocument(PackageDocument.FORMAT, name, null, List.of(), List.of(), types,
                List.of(), templates, entities, loads, List.of()));
    }

    private Api.Raw importing(byte[] body) {
        return api().raw(HttpMethod.POST, "/api/v1/packages/import", body);
    }

    /** The answer's problems as "path: message" lines, unescaped from the JSON. */
    private static String problems(Api.Raw answer) {
        StringBuilder lines = new StringBuilder();
        Api.JSON.readTree(answer.text()).get("problems")
                .forEach(p -> lines.append(p.get("path").asString()).append(": ").append(p.get("message").asString()).append('\n'));
        return lines.toString();
    }

    private void imported(byte[] body) {
        Api.Raw answer = importing(body);
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    }

    private String working(String packageName) {
        long id = api().get("/api/v1/packages?name=" + packageName).get(0).get("id").asLong();
        return new String(api().raw(HttpMethod.GET, "/api/v1/packages/" + id + "/versions/working", null).body(),
                StandardCharsets.UTF_8);
    }

    @Test
    void anImportRefusesEveryObjectOfAnotherPackageAndNamesItsOwner() {
        imported(pkg("own_a", List.of(type("OWN_A_TYPE")), List.of(template("own_a_tpl")),
                List.of(entity("own", "A_ONE", null, "a_col")), List.of(load("own_a_load", "own.A_ONE"))));
        String before = working("own_a");

        // Package B names each of A's objects (the entity with other attributes, in other case too).
        Api.Raw answer = importing(pkg("own_b", List.of(type("OWN_A_TYPE")), List.of(template("own_a_tpl")),
                List.of(entity("own", "a_one", null, "b_col"), entity("own", "B_ONE", null, "b_col")),
                List.of(load("own_a_load", "own.B_ONE"), load("own_b_load", "own.A_ONE"))));

        // (The file is canonical: objects sorted by name, so own.B_ONE is $.entities[0].)
        assertThat(answer.status()).as(answer.text()).isEqualTo(400);
        assertThat(problems(answer)).contains(
                "$.entityTypes[0]: Entity type OWN_A_TYPE belongs to package 'own_a'",
                "$.templates[0]: Template own_a_tpl belongs to package 'own_a'",
                "$.entities[1]: Entity own.a_one belongs to package 'own_a'",
                "$.loads[0]: Load own_a_load belongs to package 'own_a'",
                "$.loads[1].target: targets entity own.A_ONE, which belongs to package 'own_a'");
        assertThat(problems(answer)).doesNotContain("$.entities[0]");
        // Nothing was written: A is whole, B does not exist.
        assertThat(working("own_a")).isEqualTo(before);
        assertThat(api().get("/api/v1/packages?name=own_b").size()).isZero();
        assertThat(api().get("/api/v1/entities?name=own.B_ONE").size()).isZero();

        // B without A's objects imports, and importing B again without anything of it deletes only B's.
        imported(pkg("own_b", List.of(), List.of(), List.of(entity("own", "B_ONE", null, "b_col")), List.of()));
        imported(pkg("own_b", List.of(), List.of(), List.of(), List.of()));
        assertThat(working("own_a")).isEqualTo(before);
    }

    @Test
    void objectsOfNoPackageAreAdoptedByTheImport() {
        api().create("/api/v1/entities", Api.obj("schema", "loose", "logicalName", "LOOSE_ONE", "attributes",
                List.of(Api.obj("name", "c", "datatype", "INTEGER8"))));

        imported(pkg("adopter", List.of(), List.of(), List.of(entity("loose", "LOOSE_ONE", null, "c2")), List.of()));

        assertThat(api().get("/api/v1/entities?name=loose.LOOSE_ONE").get(0).get("packageName").asString()).isEqualTo("adopter");
    }

    @Test
    void theDesignerRefusesAnotherPackagesObjectOnAnHtmlPage() throws Exception {
        imported(pkg("own_page_a", List.of(), List.of(), List.of(entity("ownp", "PAGE_A", null, "c")), List.of()));
        String json = new String(pkg("own_page_b", List.of(), List.of(), List.of(entity("ownp", "PAGE_A", null, "d")),
                List.of()), StandardCharsets.UTF_8);

        var response = mvc.perform(post("/packages/import").param("json", json).with(csrf())
                .with(user("page-admin").roles("ADMIN"))).andReturn().getResponse();

        assertThat(response.getContentType()).startsWith(MediaType.TEXT_HTML_VALUE);
        String page = org.jsoup.Jsoup.parse(response.getContentAsString()).text();
        assertThat(page).contains("$.entities[0]", "Entity ownp.PAGE_A belongs to package 'own_page_a'");
        assertThat(api().get("/api/v1/entities?name=ownp.PAGE_A").get(0).get("attributes").get(0).get("name").asString())
                .isEqualTo("c");
    }

    @Test
    void aLargeImportThatFailsAtItsEndLeavesNothing() {
        List<PackageDocument.EntityDoc> entities = new ArrayList<>();
        List<PackageDocument.LoadDoc> loads = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            entities.add(entity("bulk", "E_" + i, null, "a", "b", "c"));
            loads.add(load("bulk_load_" + i, "bulk.E_" + i));
        }
        // The last load's step calls a template that does not exist: found only after 299 objects were written.
        loads.set(149, new PackageDocument.LoadDoc("bulk_load_149", "bulk.E_149", null, null, List.of(), Map.of(),
                List.of(new PackageDocument.StepDoc("call", "OVERRIDE", "<ftltemplate:no_such_template:x=1>"))));

        Api.Raw answer = importing(pkg("bulk_fail", List.of(), List.of(), entities, loads));

        assertThat(answer.status()).as(answer.text()).isEqualTo(400);
        assertThat(problems(answer)).contains("$.loads[", "Load 'bulk_load_149'", "no_such_template");
        assertThat(api().get("/api/v1/packages?name=bulk_fail").size()).isZero();
        assertThat(api().get("/api/v1/entities?name=bulk.E_0").size()).isZero();
        assertThat(api().get("/api/v1/loads?name=bulk_load_0").size()).isZero();
    }

    /** Malformed input of every kind: the path, what was expected and what was found, in the package's terms. */
    @Test
    void malformedJsonIsDescribedInThePackagesTerms() throws Exception {
        Map<String, List<String>> cases = new java.util.LinkedHashMap<>();
        cases.put("{\"name\": \"m\", \"entities\": {\"schema\": \"s\"}}",
                List.of("$.entities", "expected a list in [ ]", "found an object"));
        cases.put("{\"name\": \"m\", \"entities\": [\"D_X\"]}",
                List.of("$.entities[0]", "expected an object in { }", "found the text \"D_X\""));
        cases.put("{\"name\": \"m\", \"entities\": [{\"schema\": \"s\", \"name\": \"X\", \"attributes\": 7}]}",
                List.of("$.entities[0].attributes", "expected a list in [ ]", "found the number 7"));
        cases.put("{\"name\": [1, 2]}", List.of("$.name", "expected a text in double quotes", "found a list"));
        cases.put("{\"name\": \"m\", \"entities\": [{\"schema\": \"s\", \"name\": \"X\", \"attributes\": "
                + "[{\"name\": \"a\", \"dataLength\": \"long\"}]}]}",
                List.of("$.entities[0].attributes[0].dataLength", "expected a whole number", "found the text \"long\""));
        cases.put("{\"name\": \"m\", \"entities\": [{\"schema\": \"s\", \"name\": \"X\", \"attributes\": "
                + "[{\"name\": \"a\", \"dataLength\": 99999999999999999999999}]}]}",
                List.of("$.entities[0].attributes[0].dataLength", "whole number from", "found the number 99999999999999999999999"));
        cases.put("{\"name\": \"m\", \"entities\": [{\"schema\": \"s\", \"name\": \"X\", \"attributes\": "
                + "[{\"name\": \"a\", \"dataLength\": 1.5}]}]}",
                List.of("$.entities[0].attributes[0].dataLength", "expected a whole number", "found the number 1.5"));
        cases.put("{\"name\": \"m\", \"entities\": [{\"schema\": \"s\", \"name\": \"X\", \"attributes\": "
                + "[{\"name\": \"a\", \"nullable\": \"maybe\"}]}]}",
                List.of("$.entities[0].attributes[0].nullable", "expected true or false", "found the text \"maybe\""));
        cases.put("{\"name\": \"m\", \"entities\": [{\"schema\": \"s\", \"nmae\": \"X\"}]}",
                List.of("$.entities[0].nmae", "is not a known field", "name", "schema"));
        cases.put("{\"name\": \"m\", \"loads\": [{\"name\": \"l\", \"options\": {\"a\": [1]}}]}",
                List.of("$.loads[0].options.a", "expected a text in double quotes", "found a list"));
        cases.put("{\"name\": \"m\", \"loads\": [{\"name\": \"l\", \"target\": \"s.X\", \"steps\": "
                + "[{\"name\": \"s\", \"type\": \"SIDEWAYS\", \"text\": \"x\"}]}]}",
                List.of("$.loads[0].steps[0].type", "must be PRE, OVERRIDE or POST", "SIDEWAYS"));
        cases.put("[1, 2]", List.of("$", "expected an object in { }", "found a list"));
        cases.put("{\"name\": \"m\", \"entities\": [{\"schema\": \"s\"",
                List.of("line 1", "the JSON ends early"));
        cases.put("{\"name\": \"m\",, }", List.of("line 1", "not valid JSON"));
        cases.put("{\"name\": \"m\", \"description\": " + "[".repeat(40) + "]".repeat(40) + "}",
                List.of("nested deeper than 32 levels"));
        cases.put("{\"name\": \"m\", \"entities\": [{\"schema\": \"s\", \"name\": \"X\", \"attributes\": "
                + "[{\"name\": \"a\", \"dataLength\": 1" + "0".repeat(2000) + "}]}]}",
                List.of("a number has more digits"));
        for (var c : cases.entrySet()) {
            Api.Raw answer = importing(c.getKey().getBytes(StandardCharsets.UTF_8));
            assertThat(answer.status()).as(c.getKey()).isEqualTo(400);
            assertThat(problems(answer)).as(c.getKey()).contains(c.getValue());
            assertThat(answer.text()).as(c.getKey()).doesNotContain(LEAKS);

            var page = mvc.perform(post("/packages/import").param("json", c.getKey()).with(csrf())
                    .with(user("json-admin").roles("ADMIN"))).andReturn().getResponse();
            assertThat(page.getContentType()).as(c.getKey()).startsWith(MediaType.TEXT_HTML_VALUE);
            String text = org.jsoup.Jsoup.parse(page.getContentAsString()).select("[role=alert]").text();
            assertThat(text).as(c.getKey()).contains(c.getValue());
            assertThat(text).as(c.getKey()).doesNotContain(LEAKS);
        }
        // The commercial tool's format is read with the same limits and messages.
        Api.Raw ade = api().raw(HttpMethod.POST, "/api/v1/packages/import/ade", "{\"packageName\": ".getBytes(StandardCharsets.UTF_8));
        assertThat(ade.status()).isEqualTo(400);
        assertThat(problems(ade)).contains("the JSON ends early");
        assertThat(ade.text()).doesNotContain(LEAKS);
    }
}
