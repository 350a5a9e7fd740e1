package io.loadsmith.store;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.HttpMethod;

import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.cli.ExportCommand;
import tools.jackson.databind.JsonNode;

/**
 * Packages as deployment tooling uses them, through the REST API: import, commit, list, diff,
 * restore, SQL package download, and refused imports that leave the store unchanged.
 * Implemented once per metadata store. Uses its own package "vtest" beside the vessel tests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public interface PackageVersionsContract {

    Api api();

    /** The vessel package renamed so it lives beside the other tests' objects without touching them. */
    static byte[] vtestDocument() {
        try {
            String json = new ClassPathResource("packages/vessel.json").getContentAsString(StandardCharsets.UTF_8)
                    .replace("\"vessel\"", "\"vtest\"").replace("DIM_SCD2", "DIM_VT_SCD2").replace("\"publish\"", "\"vt\"").replace("\"publish.", "\"vt.")
                    .replace("\"scd2_", "\"vt_").replace("load_d_vessel_scd2", "load_vt_vessel");
            PackageDocument d = PackageJson.read(json.getBytes(StandardCharsets.UTF_8));
            return PackageJson.write(new PackageDocument(d.format(), d.name(), d.description(), d.attributeTypes(),
                    d.defaultAttributes(), d.entityTypes(), d.transformationTypes(), d.templates(), d.entities(),
                    d.loads(), List.of()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @BeforeAll
    default void importVtest() {
        Api.Raw answer = api().raw(HttpMethod.POST, "/api/v1/packages/import", vtestDocument());
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    }

    default long packageId() {
        return api().get("/api/v1/packages?name=vtest").get(0).get("id").asLong();
    }

    default byte[] working() {
        Api.Raw answer = api().raw(HttpMethod.GET, "/api/v1/packages/" + packageId() + "/versions/working", null);
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        return answer.body();
    }

    @Test
    default void exportImportExportGivesIdenticalBytes() {
        byte[] first = working();

        Api.Raw imported = api().raw(HttpMethod.POST, "/api/v1/packages/import", first);

        assertThat(imported.status()).as(imported.text()).isEqualTo(200);
        assertThat(new String(working(), StandardCharsets.UTF_8)).isEqualTo(new String(first, StandardCharsets.UTF_8));
        assertThat(imported.text()).contains("\"created\":0", "\"deleted\":0");
    }

    @Test
    default void aCommitAndTheVersionListNameThePackage() {
        long id = packageId();
        String versions = "/api/v1/packages/" + id + "/versions";
        JsonNode pkg = api().get("/api/v1/packages/" + id);
        api().send(HttpMethod.PUT, "/api/v1/packages/" + id, obj("version", pkg.get("version").asLong(), "name", "vtest",
                "description", "named " + System.nanoTime()));
        JsonNode committed = api().create(versions, obj("message", "a named version"));
        assertThat(committed.get("packageName").asString()).isEqualTo("vtest");
        JsonNode listed = api().get(versions + "?size=1").get(0);
        assertThat(listed.get("message").asString()).isEqualTo("a named version");
        assertThat(listed.get("packageName").asString()).isEqualTo("vtest");
    }

    @Test
    default void commitListDiffRestore() {
        long id = packageId();
        String versions = "/api/v1/packages/" + id + "/versions";
        long before = api().total(versions);
        JsonNode pkg = api().get("/api/v1/packages/" + id);
        api().send(HttpMethod.PUT, "/api/v1/packages/" + id, obj("version", pkg.get("version").asLong(), "name", "vtest",
                "description", "touched " + System.nanoTime()));
        JsonNode v1 = api().create(versions, obj("message", "first cut"));
        Api.Answer again = api().send(HttpMethod.POST, versions, obj("message", "same again"));
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("detail").asString()).contains("unchanged since version " + v1.get("number").asInt());

        JsonNode load = api().get("/api/v1/loads?name=load_vt_vessel").get(0);
        List<Object> steps = new java.util.ArrayList<>((List<?>) Api.toMap(load).get("steps"));
        steps.add(obj("name", "analyze", "type", "POST", "text", "ANALYZE <target_schema>.<target_entity_name>"));
        Api.Answer put = api().send(HttpMethod.PUT, "/api/v1/loads/" + load.get("id").asLong(), obj(
                "version", load.get("version").asLong(), "name", "load_vt_vessel", "target", "vt.D_VESSEL_SCD2",
                "steps", steps));
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        JsonNode v2 = api().create(versions, obj("message", "analyze after load"));
        assertThat(v2.get("number").asInt()).isEqualTo(v1.get("number").asInt() + 1);

        JsonNode list = api().get(versions + "?size=1");
        assertThat(list.get(0).get("message").asString()).isEqualTo("analyze after load");
        assertThat(api().total(versions + "?size=1")).isEqualTo(before + 2);
        assertThat(list.size()).isEqualTo(1);

        JsonNode diff = api().get(versions + "/" + v1.get("number") + "/diff/" + v2.get("number") + "?dialect=postgresql");
        assertThat(diff.get("objects").toString()).contains("\"kind\":\"load\"", "\"name\":\"load_vt_vessel\"",
                "\"change\":\"changed\"", "\"fields\":[\"steps\"]");
        assertThat(diff.get("sql").get(0).get("path").asString()).isEqualTo("loads/load_vt_vessel.sql");
        assertThat(diff.get("sql").get(0).get("diff").asString())
                .contains("+/* 5. analyze (POST - SQL) */", "+ANALYZE vt.D_VESSEL_SCD2;");

        JsonNode restored = api().get(versions + "/" + v1.get("number")); // the stored document of version 1
        Api.Raw restore = api().raw(HttpMethod.POST, versions + "/" + v1.get("number") + "/restore", null);
        assertThat(restore.status()).as(restore.text()).isEqualTo(200);
        assertThat(api().get("/api/v1/loads?name=load_vt_vessel").get(0).get("steps").size()).isEqualTo(4);
        assertThat(restored.get("loads").get(0).get("steps").size()).isEqualTo(4);
    }

    @Test
    default void sqlPackageDownloadIsReproducibleAndMatchesTheCommandLine(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        long id = packageId();
        String versions = "/api/v1/packages/" + id + "/versions";
        Api.Answer commit = api().send(HttpMethod.POST, versions, obj("message", "for export"));
        int number = commit.status() == 201 ? commit.json().get("number").asInt()
                : api().get(versions).get(0).get("number").asInt();
        String zipPath = versions + "/" + number + "/sql-package?dialect=snowflake";

        Api.Raw first = api().raw(HttpMethod.GET, zipPath, null);
        Api.Raw second = api().raw(HttpMethod.GET, zipPath, null);

        assertThat(first.status()).as(first.text()).isEqualTo(200);
        assertThat(first.contentType()).isEqualTo("application/zip");
        assertThat(second.body()).isEqualTo(first.body());
        Path json = dir.resolve("vtest.json");
        Files.write(json, api().raw(HttpMethod.GET, versions + "/" + number, null).body());
        int exit = ExportCommand.run(new String[] {"export", "--package", json.toString(), "--dialect", "snowflake",
                "--out", dir.toString(), "--version", String.valueOf(number)}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(new ByteArrayOutputStream()));
        assertThat(exit).isZero();
        assertThat(Files.readAllBytes(dir.resolve("vtest-" + number + "-snowflake.zip"))).isEqualTo(first.body());
        assertThat(api().text(versions + "/" + number + "/loads/load_vt_vessel/sql?dialect=snowflake"))
                .contains("MERGE INTO vt.D_VESSEL_SCD2 trg USING (");
    }

    @Test
    default void listsPageWithTotalAndLinkHeaders() throws Exception {
        int total = api().get("/api/v1/attribute-types").size();
        assertThat(total).isGreaterThanOrEqualTo(6);

        var result = api().mvc().perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders
                .get("/api/v1/attribute-types?page=1&size=2")).andReturn().getResponse();

        assertThat(Api.JSON.readTree(result.getContentAsString()).size()).isEqualTo(2);
        assertThat(result.getHeader("X-Total-Count")).isEqualTo(String.valueOf(total));
        assertThat(result.getHeader("Link")).contains("page=2&size=2>; rel=\"next\"", "page=0&size=2>; rel=\"prev\"",
                "rel=\"first\"", "page=" + ((total - 1) / 2) + "&size=2>; rel=\"last\"");
    }

    /** Out of range is a 400 that names the parameter, for lists cut in Java and by the database alike. */
    @Test
    default void pagesOutOfRangeAreRefusedNamingTheParameter() {
        String versions = "/api/v1/packages/" + packageId() + "/versions";
        for (String[] refused : new String[][] {
                {versions + "?page=2147483647&size=500", "page", "is past the end of any list"},
                {"/api/v1/audit?page=2147483647&size=500", "page", "is past the end of any list"},
                {versions + "?page=-1", "page", "must be 0 or more"},
                {"/api/v1/attribute-types?page=-1", "page", "must be 0 or more"},
                {"/api/v1/attribute-types?size=0", "size", "must be between 1 and 500"},
                {versions + "?size=501", "size", "must be between 1 and 500"},
                {"/api/v1/environments/prod/deployments?size=0", "size", "must be between 1 and 500"}}) {
            Api.Raw answer = api().raw(HttpMethod.GET, refused[0], null);
            String body = new String(answer.body(), StandardCharsets.UTF_8);
            assertThat(answer.status()).as(refused[0]).isEqualTo(400);
            assertThat(body).as(refused[0]).contains("\"field\":\"" + refused[1] + "\"", refused[2]);
        }
        // The far end of a list cut in Java is still an empty page, as before.
        assertThat(api().get("/api/v1/attribute-types?page=100000&size=500").size()).isZero();
    }

    @Test
    default void malformedImportsAreRefusedWithPathsAndChangeNothing() {
        byte[] before = working();
        String badTypes = "{\"name\": \"vtest\", \"entities\": [{\"schema\": \"vt\", \"name\": \"X\", \"attributes\": 7}]}";
        String unknownType = new String(vtestDocument(), StandardCharsets.UTF_8)
                .replace("\"entityType\": \"DIM_VT_SCD2\"", "\"entityType\": \"NO_SUCH_TYPE\"");
        PackageDocument doc = PackageJson.read(vtestDocument());
        byte[] duplicates = PackageJson.write(new PackageDocument(doc.format(), doc.name(), doc.description(),
                doc.attributeTypes(), doc.defaultAttributes(), doc.entityTypes(), doc.transformationTypes(), doc.templates(),
                List.of(doc.entities().get(0), doc.entities().get(0)), doc.loads(), doc.environments()));
        String deep = "{\"name\":\"vtest\",\"description\":" + "[".repeat(100) + "]".repeat(100) + "}";

        assertThat(refused(badTypes.getBytes(StandardCharsets.UTF_8), 400)).contains("$.entities[0].attributes");
        assertThat(refused(unknownType.getBytes(StandardCharsets.UTF_8), 400))
                .contains("$.entities[0].entityType", "NO_SUCH_TYPE");
        assertThat(refused(duplicates, 400)).contains("$.entities[1]", "appears more than once");
        assertThat(refused(deep.getBytes(StandardCharsets.UTF_8), 400)).contains("nested deeper than 32 levels");
        assertThat(refused(new byte[PackageJson.MAX_BYTES + 10], 413)).contains("larger than 20 MB");

        assertThat(new String(working(), StandardCharsets.UTF_8)).isEqualTo(new String(before, StandardCharsets.UTF_8));
    }

    private String refused(byte[] body, int status) {
        Api.Raw answer = api().raw(HttpMethod.POST, "/api/v1/packages/import", body);
        assertThat(answer.status()).as(answer.text()).isEqualTo(status);
        assertThat(answer.text()).doesNotContain("Exception", "at io.loadsmith");
        return answer.text();
    }

    @Test
    default void importedEntityDefaultsCreateEntitiesOfTheImportedType() throws Exception {
        byte[] ade = new ClassPathResource("ade/config_entity_defaults.json").getContentAsByteArray();
        Api.Raw imported = api().raw(HttpMethod.POST, "/api/v1/packages/import/ade", ade);
        assertThat(imported.status()).as(imported.text()).isEqualTo(200);

        JsonNode entity = api().create("/api/v1/entities", obj("entityType", "STAGE", "logicalName", "ORDERS",
                "attributes", List.of(obj("name", "order_id", "datatype", "INTEGER8"))));

        assertThat(entity.get("qualifiedName").asString()).isEqualTo("staging.STG_ORDERS_TMP");
        assertThat(entity.get("attributes").valueStream().map(a -> a.get("name").asString() + " " + a.get("datatype").asString()
                + (a.get("dataLength").isNull() ? "" : "(" + a.get("dataLength").asInt() + ")")).toList())
                .containsExactly("stg_batch_id INTEGER8", "stg_create_time TIMESTAMP",
                        "stg_source_entity_stg_orders_tmp VARCHAR(200)", "order_id INTEGER8");
        assertThat(entity.get("attributes").get(0).get("nullable").asBoolean()).isFalse();
    }
}
