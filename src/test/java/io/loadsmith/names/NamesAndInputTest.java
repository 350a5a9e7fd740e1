package io.loadsmith.names;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.AbstractMockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.store.Api;
import io.loadsmith.store.H2StoreTest;
import tools.jackson.databind.JsonNode;

/**
 * Issues 11 (5, 6, 7) and 20 (5, 7) through the whole application, on the API (problem details)
 * and the designer (HTML pages, never JSON or a trace), as each role that may reach the place.
 * Every name here starts with {@code nm_} and is this class's own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NamesAndInputTest extends H2StoreTest {

    private static final List<String> HOSTILE_NAMES = List.of("../../etc/x", "nm\r\nX-Injected: 1", "nm/pkg", "nm\\pkg",
            "nm\"pkg", "nm\u0000pkg", "nm_{pkg}", "nm_pkg\u200B", "nm_\u202Egkp", "nm_A\u030Aland", "1nm", ".nm");

    @Autowired
    JdbcTemplate jdbc;

    private long loadId;
    private long templateId;
    private long entityId;
    private long packageId;

    @BeforeAll
    void model() {
        packageId = api().create("/api/v1/packages", obj("name", "nm_sql")).get("id").asLong();
        entityId = api().create("/api/v1/entities", obj("schema", "nm", "name", "NM_TARGET", "logicalName", "NM_TARGET",
                "attributes", List.of(obj("name", "id", "datatype", "CHAR", "dataLength", 10)))).get("id").asLong();
        templateId = api().create("/api/v1/templates", obj("name", "nm_note", "parameters",
                List.of(obj("name", "note", "type", "TEXT", "required", false)),
                "variants", Map.of("default", "SELECT 1 AS nm_note"))).get("id").asLong();
        loadId = api().create("/api/v1/loads", obj("name", "nm_load", "target", "nm.NM_TARGET",
                "steps", List.of(obj("name", "first", "type", "OVERRIDE", "text", "SELECT 1")))).get("id").asLong();
    }

    @AfterAll
    void removeModel() {
        for (String path : List.of("/api/v1/loads/" + loadId, "/api/v1/templates/" + templateId,
                "/api/v1/entities/" + entityId, "/api/v1/packages/" + packageId)) {
            assertThat(api().send(HttpMethod.DELETE, path, null).status()).as(path).isEqualTo(204);
        }
    }

    private String page(AbstractMockHttpServletRequestBuilder<?> request, int status) throws Exception {
        MvcResult result = mvc.perform(request.accept("text/html")).andReturn();
        String body = result.getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(result.getResponse().getStatus()).as(body.length() > 400 ? body.substring(0, 400) : body).isEqualTo(status);
        assertThat(result.getResponse().getContentType()).as("an HTML answer").startsWith("text/html");
        assertThat(body).doesNotContain("Exception", "java.", "at io.loadsmith");
        return body;
    }

    private static MockHttpServletRequestBuilder get(String path, Object... vars) {
        return MockMvcRequestBuilders.get(path, vars);
    }

    private static MockHttpServletRequestBuilder post(String path, Object... vars) {
        return MockMvcRequestBuilders.post(path, vars);
    }

    private void assertProblem(Api.Answer answer, int status, String... detail) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(status);
        assertThat(answer.body()).contains(detail).doesNotContain("Exception", "java.");
    }

    private Map<String, Object> loadWithStep(String name, String stepName, String text) {
        return obj("name", name, "target", "nm.NM_TARGET",
                "steps", List.of(obj("name", stepName, "type", "OVERRIDE", "text", text)));
    }

    private JsonNode load() {
        return api().get("/api/v1/loads/" + loadId);
    }

    private Api.Answer putLoad(Map<String, Object> body) {
        body.put("version", load().get("version").asLong());
        return api().send(HttpMethod.PUT, "/api/v1/loads/" + loadId, body);
    }

    // ---- 11.5: a long template parameter value, up to the step limit of 1,000,000 characters

    /** A call of nm_note whose value (with escapes) makes the step text exactly {@code length} characters. */
    private static String longCall(int length) {
        String head = "<ftltemplate:nm_note:note=";
        StringBuilder value = new StringBuilder();
        String unit = "ab\\:cd\\>ef\\<gh ";
        while (head.length() + value.length() + unit.length() + 1 <= length) {
            value.append(unit);
        }
        value.append("x".repeat(length - head.length() - value.length() - 1));
        return head + value + ">";
    }

    @Test
    @WithMockUser(username = "nm_editor", roles = "EDITOR")
    void aLongParameterValueIsSavedAndTheLoadPageShowsItAsATemplateStep() throws Exception {
        for (int length : new int[] {5_000, 1_000_000}) {
            String text = longCall(length);
            assertThat(text).hasSize(length);
            Api.Answer saved = putLoad(loadWithStep("nm_load", "long", text));
            assertThat(saved.status()).as(saved.body().substring(0, Math.min(400, saved.body().length()))).isEqualTo(200);
            String body = page(get("/loads/{id}", loadId), 200);
            // Shown as the template's form (the call was parsed), with the value unescaped in its field.
            assertThat(body).contains("name=\"steps[0].params[note]\"", "ab:cd&gt;ef&lt;gh ab:cd");
        }
        // The designer saves the same length back from its form, and the page reads it again.
        String value = longCall(1_000_000).substring("<ftltemplate:nm_note:note=".length(), 999_999)
                .replace("\\", "");
        MvcResult save = mvc.perform(post("/loads/{id}", loadId).param("action", "save")
                .param("version", String.valueOf(load().get("version").asLong())).param("name", "nm_load")
                .param("target", "nm.NM_TARGET").param("steps[0].name", "long").param("steps[0].type", "OVERRIDE")
                .param("steps[0].kind", "TEMPLATE").param("steps[0].template", "nm_note")
                .param("steps[0].params[note]", value)).andReturn();
        assertThat(save.getResponse().getRedirectedUrl()).isEqualTo("/loads/" + loadId + "?saved");
        assertThat(load().get("steps").get(0).get("text").asString()).hasSizeGreaterThan(999_000).endsWith("x>");
        page(get("/loads/{id}", loadId), 200);
    }

    @Test
    @WithMockUser(username = "nm_viewer", roles = "VIEWER")
    void aViewerReadsTheLoadPageWithALongValue() throws Exception {
        jdbc.update("update load_step set step_text = ? where load_id = ?", longCall(1_000_000), loadId);
        page(get("/loads/{id}", loadId), 200);
        page(get("/loads/{id}", loadId).header("HX-Request", "true"), 200);
    }

    // ---- 11.6 / 20.7: package names

    @Test
    @WithMockUser(username = "nm_editor", roles = "EDITOR")
    void hostilePackageNamesAreRefusedOnTheApiAndChangeNothing() {
        JsonNode before = api().get("/api/v1/packages");
        for (String name : HOSTILE_NAMES) {
            Api.Answer refused = api().send(HttpMethod.POST, "/api/v1/packages", obj("name", name));
            assertProblem(refused, 400, "\"field\":\"name\"", "package name");
        }
        long id = api().create("/api/v1/packages", obj("name", "nm-sales.v2")).get("id").asLong();
        Api.Answer clash = api().send(HttpMethod.POST, "/api/v1/packages", obj("name", "NM-SALES.V2"));
        assertProblem(clash, 409, "nm-sales.v2", "only by case");
        Api.Answer rename = api().send(HttpMethod.PUT, "/api/v1/packages/" + id, obj("version",
                api().get("/api/v1/packages/" + id).get("version").asLong(), "name", "../nm"));
        assertProblem(rename, 400, "\"field\":\"name\"");
        // Its own name in other case is a rename, not a clash.
        Api.Answer recase = api().send(HttpMethod.PUT, "/api/v1/packages/" + id, obj("version",
                api().get("/api/v1/packages/" + id).get("version").asLong(), "name", "NM-Sales.v2"));
        assertThat(recase.status()).as(recase.body()).isEqualTo(200);
        jdbc.update("delete from metadata_package where id = ?", id); // an EDITOR may not delete packages
        assertThat(api().get("/api/v1/packages")).isEqualTo(before);
    }

    @Test
    @WithMockUser(username = "nm_admin", roles = "ADMIN")
    void hostilePackageNamesAreRefusedOnImportThroughTheApiAndThePage() throws Exception {
        JsonNode before = api().get("/api/v1/packages");
        for (String name : List.of("../../etc/x", "nm\r\nx", "nm/pkg", "nm_pkg\u200B")) {
            String json = Api.JSON.writeValueAsString(obj("name", name));
            Api.Answer answer = api().send(HttpMethod.POST, "/api/v1/packages/import", Api.JSON.readTree(json));
            assertThat(answer.status()).as(answer.body()).isEqualTo(400);
            assertThat(answer.body()).contains("$.name").doesNotContain("Exception", "java.");
            String body = page(MockMvcRequestBuilders.multipart("/packages/import").param("format", "loadsmith")
                    .param("json", json), 200);
            assertThat(body).contains("Nothing was imported.", "$.name");
        }
        assertThat(api().get("/api/v1/packages")).isEqualTo(before);
    }

    /** What an older store may hold: each place that shows or uses the name answers, and the name travels encoded. */
    @Test
    @WithMockUser(username = "nm_editor", roles = "EDITOR")
    void packagesWithNamesFromAnOlderStoreStillWork() throws Exception {
        for (String name : HOSTILE_NAMES) {
            jdbc.update("insert into metadata_package (name, created_at, updated_at) values (?, current_timestamp,"
                    + " current_timestamp)", name);
            long id = jdbc.queryForObject("select id from metadata_package where name = ?", Long.class, name);
            try {
                String home = page(get("/"), 200);
                assertThat(home).contains("href=\"/packages/" + id + "\"");
                String show = page(get("/packages/{ref}", id), 200);
                assertThat(show).contains("action=\"/packages/" + id + "/commit\"");

                MvcResult commit = mvc.perform(post("/packages/{ref}/commit", id).param("message", "nm legacy")
                        .param("author", "somebody else")).andReturn();
                assertThat(commit.getResponse().getRedirectedUrl()).isEqualTo("/packages/" + id + "?committed=1");
                JsonNode version = api().get("/api/v1/packages/" + id + "/versions").get(0);
                assertThat(version.get("author").asString()).isEqualTo("nm_editor");

                MvcResult zip = mvc.perform(get("/api/v1/packages/{id}/versions/1/sql-package", id)
                        .param("dialect", "postgresql")).andReturn();
                assertThat(zip.getResponse().getStatus()).isEqualTo(200);
                assertThat(zip.getResponse().getHeader("Content-Disposition"))
                        .matches("attachment; filename=\"[A-Za-z0-9_][A-Za-z0-9_.-]*-1-postgresql\\.zip\"");
                MvcResult document = mvc.perform(get("/api/v1/packages/{id}/versions/1", id)).andReturn();
                assertThat(document.getResponse().getHeader("Content-Disposition"))
                        .matches("inline; filename=\"[A-Za-z0-9_][A-Za-z0-9_.-]*-1\\.json\"");
                MvcResult export = mvc.perform(get("/packages/{ref}/export", id).param("version", "1")
                        .param("dialect", "postgresql")).andReturn();
                assertThat(export.getResponse().getRedirectedUrl())
                        .isEqualTo("/api/v1/packages/" + id + "/versions/1/sql-package?dialect=postgresql");
                page(get("/packages/{ref}/diff", id).param("from", "1").param("to", "working"), 200);
            } finally {
                jdbc.update("delete from package_version where package_id = ?", id);
                jdbc.update("delete from metadata_package where id = ?", id);
            }
        }
    }

    @Test
    @WithMockUser(username = "nm_viewer", roles = "VIEWER")
    void aViewerSeesOlderPackageNamesOnTheHomePage() throws Exception {
        jdbc.update("insert into metadata_package (name, created_at, updated_at) values (?, current_timestamp,"
                + " current_timestamp)", "../../etc/nm");
        long id = jdbc.queryForObject("select id from metadata_package where name = '../../etc/nm'", Long.class);
        try {
            assertThat(page(get("/"), 200)).contains("href=\"/packages/" + id + "\"", "../../etc/nm");
            assertThat(page(get("/packages/{ref}", id), 200)).contains("../../etc/nm");
        } finally {
            jdbc.update("delete from metadata_package where id = ?", id);
        }
    }

    // ---- 20.7: a commit's author is the signed-in user

    @Test
    @WithMockUser(username = "nm_committer", roles = "EDITOR")
    void theAuthorOfACommitIsTheSignedInUser() {
        long id = api().create("/api/v1/packages", obj("name", "nm_commits")).get("id").asLong();
        String versions = "/api/v1/packages/" + id + "/versions";
        assertProblem(api().send(HttpMethod.POST, versions, obj("message", "m", "author", "the boss")), 400,
                "\"field\":\"author\"", "signed-in user");
        assertThat(api().get(versions).size()).isZero();
        assertThat(api().create(versions, obj("message", "m")).get("author").asString()).isEqualTo("nm_committer");
        jdbc.update("delete from package_version where package_id = ?", id);
        jdbc.update("delete from metadata_package where id = ?", id);
    }

    // ---- 11.7: datatype sizes

    @Test
    @WithMockUser(username = "nm_editor", roles = "EDITOR")
    void lengthsAndPrecisionsTheTargetCannotHoldAreRefusedAtTheField() throws Exception {
        JsonNode before = api().get("/api/v1/entities?name=NM_SIZES");
        for (Object[] c : new Object[][] {{"dataLength", 0, "from 1"}, {"dataLength", -3, "from 1"},
                {"dataLength", 1.5, "whole number"}, {"dataLength", 3_000_000_000L, "whole number"},
                {"dataPrecision", 0, "from 1"}, {"dataPrecision", 1001, "1 to 1000"}, {"dataScale", 2.5, "whole number"}}) {
            Map<String, Object> attribute = obj("name", "amount", "datatype", "DECIMAL", c[0].toString(), c[1]);
            Api.Answer answer = api().send(HttpMethod.POST, "/api/v1/entities", obj("schema", "nm", "name", "NM_SIZES",
                    "logicalName", "NM_SIZES", "attributes", List.of(attribute)));
            assertProblem(answer, 400, "attributes[0]." + c[0], c[2].toString());
        }
        Api.Answer scale = api().send(HttpMethod.POST, "/api/v1/entities", obj("schema", "nm", "name", "NM_SIZES",
                "logicalName", "NM_SIZES", "attributes", List.of(obj("name", "amount", "datatype", "DECIMAL",
                        "dataPrecision", 5, "dataScale", 6))));
        assertProblem(scale, 400, "attributes[0].dataScale", "must not exceed dataPrecision (5)");
        assertThat(api().get("/api/v1/entities?name=NM_SIZES")).isEqualTo(before);

        JsonNode target = api().get("/api/v1/entities/" + entityId);
        for (String[] c : new String[][] {{"dataLength", "0", "from 1"}, {"dataLength", "1.5", "whole number"},
                {"dataLength", "3000000000", "whole number"}, {"dataPrecision", "0", "from 1"}}) {
            String body = page(post("/entities/{id}", entityId).param("action", "save")
                    .param("version", target.get("version").asString()).param("schema", "nm").param("name", "NM_TARGET")
                    .param("logicalName", "NM_TARGET").param("attributes[0].name", "id")
                    .param("attributes[0].datatype", "CHAR").param("attributes[0]." + c[0], c[1]), 200);
            assertThat(body).contains("class=\"field-error\"", c[2]);
        }
        assertThat(api().get("/api/v1/entities/" + entityId)).isEqualTo(target);
    }

    @Test
    void aNameEveryDialectReservesIsRefusedAtSaveAndOneSomeReserveIsKept() throws Exception {
        JsonNode before = api().get("/api/v1/entities?name=NM_WORDS");
        for (Object[] c : new Object[][] {{"name", "Order", "name"}, {"schema", "select", "schema"},
                {"attribute", "group", "attributes[0].name"}}) {
            Map<String, Object> body = obj("schema", "nm", "name", "NM_WORDS", "logicalName", "NM_WORDS",
                    "attributes", List.of(obj("name", c[0].equals("attribute") ? c[1] : "amount", "datatype", "INTEGER4")));
            if (!c[0].equals("attribute")) {
                body.put(c[0].toString(), c[1]);
            }
            assertProblem(api().send(HttpMethod.POST, "/api/v1/entities", body), 400, c[2] + " '" + c[1] + "'",
                    "every target dialect reserves");
        }
        assertThat(api().get("/api/v1/entities?name=NM_WORDS")).isEqualTo(before);

        // desc is reserved in PostgreSQL and DuckDB, not in Snowflake: kept, and the preview names the dialect.
        long id = api().create("/api/v1/entities", obj("schema", "nm", "name", "NM_WORDS", "logicalName", "NM_WORDS",
                "attributes", List.of(obj("name", "desc", "datatype", "INTEGER4")))).get("id").asLong();
        try {
            assertThat(api().send(HttpMethod.GET, "/api/v1/entities/" + id + "/ddl?dialect=snowflake", null).status())
                    .isEqualTo(200);
            assertProblem(api().send(HttpMethod.GET, "/api/v1/entities/" + id + "/ddl?dialect=postgresql", null), 422,
                    "'desc' is a reserved word in PostgreSQL");
        } finally {
            api().send(HttpMethod.DELETE, "/api/v1/entities/" + id, null);
        }

        JsonNode target = api().get("/api/v1/entities/" + entityId);
        String page = page(post("/entities/{id}", entityId).param("action", "save")
                .param("version", target.get("version").asString()).param("schema", "nm").param("name", "NM_TARGET")
                .param("logicalName", "NM_TARGET").param("attributes[0].name", "order")
                .param("attributes[0].datatype", "INTEGER4"), 200);
        assertThat(page).contains("class=\"field-error\"", "every target dialect reserves");
        assertThat(api().get("/api/v1/entities/" + entityId)).isEqualTo(target);
    }

    // ---- 20.5: request text never reaches a redirect or a URI template

    @Test
    @WithMockUser(username = "nm_viewer", roles = "VIEWER")
    void unknownOrMalformedDialectsAndEnvironmentsAre400WithTheKnownValues() throws Exception {
        for (String bad : List.of("{x}", "nm\r\nSet-Cookie: a=b", "nosuch", "snowflake}")) {
            for (String path : List.of("/loads/{id}", "/loads/{id}/preview")) {
                assertThat(page(get(path, loadId).param("dialect", bad), 400)).contains("Known dialects: bigquery");
                assertThat(page(get(path, loadId).param("environment", bad), 400)).contains("known environments");
            }
            assertThat(page(get("/loads/{id}/preview", loadId).header("HX-Request", "true").param("dialect", bad), 400))
                    .contains("Known dialects");
            for (String path : List.of("/entities/{id}", "/entities/{id}/ddl")) {
                assertThat(page(get(path, entityId).param("dialect", bad), 400)).contains("Known dialects");
            }
            for (String path : List.of("/configuration/templates/{id}", "/configuration/templates/{id}/preview")) {
                assertThat(page(get(path, templateId).param("dialect", bad), 400)).contains("Known dialects");
            }
            assertProblem(api().send(HttpMethod.GET, "/api/v1/loads/" + loadId + "/sql?dialect="
                    + java.net.URLEncoder.encode(bad, StandardCharsets.UTF_8), null), 400, "Known dialects");
            assertProblem(api().send(HttpMethod.GET, "/api/v1/loads/" + loadId + "/sql?dialect=h2&environment="
                    + java.net.URLEncoder.encode(bad, StandardCharsets.UTF_8), null), 400, "known environments");
        }
        // A known dialect still redirects, encoded.
        MvcResult ok = mvc.perform(get("/loads/{id}/preview", loadId).param("dialect", "h2")).andReturn();
        assertThat(ok.getResponse().getRedirectedUrl()).isEqualTo("/loads/" + loadId + "?dialect=h2");
    }

    @Test
    @WithMockUser(username = "nm_editor", roles = "EDITOR")
    void aSaveWithAMalformedEnvironmentIsRefusedBeforeAnythingIsSaved() throws Exception {
        JsonNode before = load();
        String body = page(post("/loads/{id}", loadId).param("action", "save").param("environment", "{x}\r\n")
                .param("version", String.valueOf(before.get("version").asLong())).param("name", "nm_load_renamed")
                .param("target", "nm.NM_TARGET").param("steps[0].name", "s").param("steps[0].kind", "SQL")
                .param("steps[0].text", "SELECT 2"), 400);
        assertThat(body).contains("known environments");
        assertThat(load()).isEqualTo(before);
    }

    @Test
    @WithMockUser(username = "nm_viewer", roles = "VIEWER")
    void thePackageSqlEndpointsAnswer400ForAnUnknownEnvironment() throws Exception {
        long id = packageId;
        for (String path : List.of("/sql-package", "/sql", "/loads/nm_load/sql")) {
            for (String[] query : new String[][] {{"h2", "nm_nowhere", "known environments"}, {"{x}", null, "Known dialects"}}) {
                // As curl asks (Accept: */*): the zip endpoint's refusal is a problem detail too.
                MvcResult answer = mvc.perform(get("/api/v1/packages/{id}/versions/working" + path, id).accept("*/*")
                        .param("dialect", query[0]).param("environment", query[1])).andReturn();
                assertThat(answer.getResponse().getStatus()).as(path).isEqualTo(400);
                assertThat(answer.getResponse().getContentType()).isEqualTo("application/problem+json");
                assertThat(answer.getResponse().getContentAsString()).contains(query[2]).doesNotContain("Exception");
            }
        }
        String diff = page(get("/packages/{ref}/diff", "nm_sql")
                .param("from", "working").param("to", "working").param("dialect", "{x}"), 400);
        assertThat(diff).contains("Known dialects");
    }

    // ---- 20.7: names that collide elsewhere

    @Test
    @WithMockUser(username = "nm_editor", roles = "EDITOR")
    void loadsWhoseNamesDifferOnlyByCaseAreOneName() throws Exception {
        Api.Answer clash = api().send(HttpMethod.POST, "/api/v1/loads", loadWithStep("NM_LOAD", "s", "SELECT 1"));
        assertProblem(clash, 409, "nm_load", "only by case");
        String body = page(post("/loads").param("name", "Nm_Load").param("target", "nm.NM_TARGET"), 200);
        assertThat(body).contains("Load &#39;nm_load&#39; already exists");
        assertThat(api().get("/api/v1/loads?name=NM_LOAD").size()).isZero();
    }

    @Test
    @WithMockUser(username = "nm_admin", roles = "ADMIN")
    void templatesAndEnvironmentsWhoseNamesDifferOnlyByCaseAreOneName() {
        assertProblem(api().send(HttpMethod.POST, "/api/v1/templates", obj("name", "NM_NOTE",
                "variants", Map.of("default", "SELECT 2"))), 409, "nm_note", "only by case");
        long env = api().create("/api/v1/environments", obj("name", "nm_env", "variables", Map.of())).get("id").asLong();
        assertProblem(api().send(HttpMethod.POST, "/api/v1/environments", obj("name", "NM_ENV", "variables", Map.of())),
                409, "nm_env");
        api().send(HttpMethod.DELETE, "/api/v1/environments/" + env, null);
    }

    @Test
    @WithMockUser(username = "nm_admin", roles = "ADMIN")
    void anImportWithTwoLoadsThatDifferOnlyByCaseIsRefusedWhole() {
        JsonNode before = api().get("/api/v1/loads");
        Map<String, Object> doc = obj("name", "nm_case_pkg",
                "entities", List.of(obj("schema", "nm", "name", "NM_CASE_T", "logicalName", "NM_CASE_T",
                        "attributes", List.of(obj("name", "id", "datatype", "CHAR", "dataLength", 10)))),
                "loads", List.of(obj("name", "nm_case_load", "target", "nm.NM_CASE_T",
                                "steps", List.of(obj("name", "s", "type", "OVERRIDE", "text", "SELECT 1"))),
                        obj("name", "NM_CASE_LOAD", "target", "nm.NM_CASE_T",
                                "steps", List.of(obj("name", "s", "type", "OVERRIDE", "text", "SELECT 2")))));
        Api.Answer answer = api().send(HttpMethod.POST, "/api/v1/packages/import", doc);
        assertThat(answer.status()).as(answer.body()).isBetween(400, 409);
        assertThat(answer.body()).contains("nm_case_load", "only by case").doesNotContain("Exception", "java.");
        assertThat(api().get("/api/v1/loads")).isEqualTo(before);
        assertThat(api().get("/api/v1/packages?name=nm_case_pkg").size()).isZero();
    }

    @Test
    @WithMockUser(username = "nm_editor", roles = "EDITOR")
    void stepNamesAreComposedAndMayNotHideText() throws Exception {
        for (String hidden : List.of("merge\u200B", "a\u202Ecte", "tab\tname", "two\nlines")) {
            Api.Answer refused = putLoad(loadWithStep("nm_load", hidden, "SELECT 1"));
            assertProblem(refused, 400, "steps[0].name", "U+");
            String body = page(post("/loads/{id}", loadId).param("action", "save")
                    .param("version", String.valueOf(load().get("version").asLong())).param("name", "nm_load")
                    .param("target", "nm.NM_TARGET").param("steps[0].name", hidden).param("steps[0].kind", "SQL")
                    .param("steps[0].text", "SELECT 1"), 200);
            assertThat(body).contains("U+");
        }
        Api.Answer composed = putLoad(loadWithStep("nm_load", "A\u030Aland", "SELECT 1"));
        assertThat(composed.status()).as(composed.body()).isEqualTo(200);
        assertThat(load().get("steps").get(0).get("name").asString()).isEqualTo("\u00C5land");
    }
}
