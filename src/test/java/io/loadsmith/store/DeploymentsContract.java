package io.loadsmith.store;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.http.HttpMethod;

import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageDocument.AttributeDoc;
import io.loadsmith.exchange.PackageDocument.EntityDoc;
import io.loadsmith.exchange.PackageJson;
import tools.jackson.databind.JsonNode;

/**
 * Deployments and migrations through the REST API, once per metadata store: versions 1 (the
 * vessel package as "dtest"), 2 (a column added, another renamed with renamedFrom) and 3 (a column
 * dropped); a deployment recorded in an environment; migrations between versions and from what the
 * environment runs; and bad input named in problem details.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public interface DeploymentsContract {

    String ENVIRONMENT = "dt_prod";

    Api api();

    /** The vessel package as "dtest" in schema dt, its business attributes given. */
    static byte[] document(java.util.function.UnaryOperator<List<AttributeDoc>> change) {
        PackageDocument d = PackageJson.read(PackageVersionsContract.vtestDocument());
        PackageDocument renamed = PackageJson.read(new String(PackageJson.write(d), StandardCharsets.UTF_8)
                .replace("\"vtest\"", "\"dtest\"").replace("DIM_VT_SCD2", "DIM_DT_SCD2").replace("\"vt\"", "\"dt\"")
                .replace("\"vt.", "\"dt.").replace("\"vt_", "\"dt_").replace("load_vt_vessel", "load_dt_vessel")
                .getBytes(StandardCharsets.UTF_8));
        EntityDoc e = renamed.entities().get(0);
        EntityDoc changed = new EntityDoc(e.schema(), e.name(), e.logicalName(), e.entityType(), e.physicalType(),
                e.description(), e.fullRefreshPolicy(), change.apply(new ArrayList<>(e.attributes())));
        return PackageJson.write(new PackageDocument(renamed.format(), renamed.name(), renamed.description(),
                renamed.attributeTypes(), renamed.defaultAttributes(), renamed.entityTypes(),
                renamed.transformationTypes(), renamed.templates(), List.of(changed), renamed.loads(), List.of()));
    }

    static byte[] v3() {
        return document(list -> {
            list.add(8, new AttributeDoc("flag_code", "VARCHAR", 10, null, null, true, null, null));
            list.removeIf(a -> a.name().equals("country"));
            return list;
        });
    }

    @BeforeAll
    default void commitThreeVersions() {
        importAndCommit(document(list -> list), "v1");
        importAndCommit(document(list -> {
            list.add(8, new AttributeDoc("flag_code", "VARCHAR", 10, null, null, true, null, null));
            int country = list.indexOf(list.stream().filter(a -> a.name().equals("country")).findFirst().orElseThrow());
            AttributeDoc c = list.get(country);
            list.set(country, new AttributeDoc("country_name", c.datatype(), c.dataLength(), null, null, c.nullable(),
                    null, null, "country"));
            return list;
        }), "v2");
        importAndCommit(v3(), "v3");
        Api.Answer env = api().send(HttpMethod.POST, "/api/v1/environments", obj("name", ENVIRONMENT));
        assertThat(env.status()).as(env.body()).isEqualTo(201);
    }

    private void importAndCommit(byte[] document, String message) {
        Api.Raw imported = api().raw(HttpMethod.POST, "/api/v1/packages/import", document);
        assertThat(imported.status()).as(imported.text()).isEqualTo(200);
        Api.Answer commit = api().send(HttpMethod.POST, versions(), obj("message", message));
        assertThat(commit.status()).as(commit.body()).isEqualTo(201);
    }

    default long packageId() {
        return api().get("/api/v1/packages?name=dtest").get(0).get("id").asLong();
    }

    default String versions() {
        return "/api/v1/packages/" + packageId() + "/versions";
    }

    default int version(String message) {
        for (JsonNode v : api().get(versions() + "?size=500")) {
            if (v.get("message").asString().equals(message)) {
                return v.get("number").asInt();
            }
        }
        throw new AssertionError("no version " + message);
    }

    @Test
    default void migrationAddsRenamesAndRefreshesTheChangeHash() {
        JsonNode m = api().get(versions() + "/" + version("v2") + "/migration?from=" + version("v1") + "&dialect=postgresql");
        assertThat(m.get("destructive").asBoolean()).isFalse();
        assertThat(m.get("changes").findValuesAsString("kind"))
                .containsExactly("RENAME_COLUMN", "ADD_COLUMN", "REFRESH_CHANGE_HASH");
        assertThat(m.get("changes").get(1).get("follows").asString()).isEqualTo("vessel_name");
        assertThat(m.get("sql").asString()).contains(
                "ALTER TABLE dt.D_VESSEL_SCD2 RENAME COLUMN country TO country_name;",
                "ALTER TABLE dt.D_VESSEL_SCD2 ADD COLUMN flag_code VARCHAR(10);",
                "UPDATE dt.D_VESSEL_SCD2\nSET datahash = MD5(");
        // renamedFrom went through the store and back into the committed document
        assertThat(api().get(versions() + "/" + version("v2")).toString()).contains("\"renamedFrom\":\"country\"");
    }

    @Test
    default void identicalVersionsGiveAnEmptyMigration() {
        JsonNode m = api().get(versions() + "/" + version("v2") + "/migration?from=" + version("v2") + "&dialect=h2");
        assertThat(m.get("changes").size()).isZero();
        assertThat(m.get("steps").size()).isZero();
        assertThat(m.get("sql").asString()).isEmpty();
    }

    @Test
    default void destructiveChangesAreRefusedUnlessAllowed() {
        String path = versions() + "/" + version("v3") + "/migration?from=" + version("v2") + "&dialect=duckdb";
        Api.Answer refused = api().send(HttpMethod.GET, path, null);
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().get("detail").asString()).contains("drop column dt.D_VESSEL_SCD2.country_name",
                "allowDestructive=true");
        assertThat(refused.json().get("destructiveChanges").findValuesAsString("kind")).containsExactly("DROP_COLUMN");
        Api.Answer allowed = api().send(HttpMethod.GET, path + "&allowDestructive=true", null);
        assertThat(allowed.status()).as(allowed.body()).isEqualTo(200);
        assertThat(allowed.json().get("sql").asString()).contains("ALTER TABLE dt.D_VESSEL_SCD2 DROP COLUMN country_name;");
    }

    @Test
    default void aRecordedDeploymentIsWhatMigrationsStartFrom() {
        String deployments = "/api/v1/environments/" + ENVIRONMENT + "/deployments";
        Api.Answer recorded = api().send(HttpMethod.POST, deployments, obj("package", "dtest", "version", version("v1"),
                "dialect", "PostgreSQL", "note", "release 1"));
        assertThat(recorded.status()).as(recorded.body()).isEqualTo(201);
        assertThat(recorded.json().get("dialect").asString()).isEqualTo("postgresql");
        assertThat(recorded.json().get("deployedBy").asString()).isNotBlank();

        JsonNode list = api().get(deployments);
        assertThat(list.get(0).get("package").asString()).isEqualTo("dtest");
        JsonNode audited = api().get("/api/v1/audit?objectKind=DEPLOYMENT&objectName=" + ENVIRONMENT + ": dtest v" + version("v1"));
        assertThat(audited).as("the deployment is in the audit trail").hasSize(1);
        assertThat(audited.get(0).get("action").asString()).isEqualTo("CREATE");
        assertThat(audited.get(0).get("packageName").asString()).isEqualTo("dtest");
        assertThat(list.get(0).get("version").asInt()).isEqualTo(version("v1"));

        JsonNode m = api().get(versions() + "/" + version("v2") + "/migration?from=deployed&environment=" + ENVIRONMENT);
        assertThat(m.get("from").asString()).isEqualTo(String.valueOf(version("v1")));
        assertThat(m.get("dialect").asString()).isEqualTo("postgresql");
        assertThat(m.get("changes").findValuesAsString("kind")).contains("ADD_COLUMN");
    }

    @Test
    default void theUpgradePackageRunsTheMigrationThenTheLoads() throws Exception {
        int from = version("v1");
        int to = version("v2");
        Api.Raw zip = api().raw(HttpMethod.GET, versions() + "/" + to + "/migration/sql-package?from=" + from
                + "&dialect=snowflake", null);
        assertThat(zip.status()).as(zip.text()).isEqualTo(200);
        java.util.Map<String, String> entries = new java.util.LinkedHashMap<>();
        try (java.util.zip.ZipInputStream in = new java.util.zip.ZipInputStream(new java.io.ByteArrayInputStream(zip.body()))) {
            for (var e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                entries.put(e.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        String migration = "migrations/" + from + "-to-" + to + ".sql";
        assertThat(entries.keySet()).containsExactly("manifest.json", migration, "loads/load_dt_vessel.sql");
        JsonNode manifest = Api.JSON.readTree(entries.get("manifest.json"));
        assertThat(manifest.get("files").findValuesAsString("path")).containsExactly(migration, "loads/load_dt_vessel.sql");
        assertThat(manifest.get("files").get(0).get("order").asInt()).isEqualTo(1);
        assertThat(manifest.get("files").get(0).get("sha256").asString())
                .isEqualTo(io.loadsmith.export.SqlPackageExporter.sha256(entries.get(migration)));
        assertThat(entries.get(migration)).contains("ALTER TABLE dt.D_VESSEL_SCD2 ADD COLUMN flag_code VARCHAR(10);");
    }

    @Test
    default void theDesignerShowsWhatRunsWhereAndWhatADeploymentWouldChange() {
        assertThat(api().send(HttpMethod.POST, "/api/v1/environments", obj("name", "dt_page")).status()).isEqualTo(201);
        assertThat(api().send(HttpMethod.POST, "/api/v1/environments/dt_page/deployments", obj("package", "dtest",
                "version", version("v2"), "dialect", "duckdb", "note", "release-bot")).status()).isEqualTo(201);

        Api.Raw page = api().raw(HttpMethod.GET, "/packages/dtest/deployments", null);

        assertThat(page.status()).isEqualTo(200);
        String html = page.text();
        String section = html.substring(html.indexOf("id=\"env-dt_page\""));
        assertThat(section).contains("Version <strong>" + version("v2") + "</strong>", "duckdb", "deployed by <span>admin</span>",
                "Deploying version " + version("v3"), "Deploying the working state",
                "drop column dt.D_VESSEL_SCD2.country_name (was VARCHAR(100))", "yes: the column&#39;s values are dropped",
                "ALTER TABLE dt.D_VESSEL_SCD2 DROP COLUMN country_name;");
        Api.Raw missing = api().raw(HttpMethod.GET, "/packages/nopkg/deployments", null);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.text()).contains("Package &#39;nopkg&#39; does not exist", "<html");
    }

    /** The note shows in lists; the time orders them, newest first: each is refused at its field. */
    @Test
    default void controlCharactersAndATimeInTheFutureAreRefusedAtTheirField() {
        assertThat(api().send(HttpMethod.POST, "/api/v1/environments", obj("name", "dt_refused")).status()).isEqualTo(201);
        String deployments = "/api/v1/environments/dt_refused/deployments";
        Api.Answer note = api().send(HttpMethod.POST, deployments, obj("package", "dtest", "version", version("v1"),
                "dialect", "duckdb", "note", "fine\nthen \u001b[31m red"));
        assertThat(refusedAt(note, 400, "note")).isEqualTo("contains U+001B ESCAPE at position 11, a control character; remove it");
        Api.Answer future = api().send(HttpMethod.POST, deployments, obj("package", "dtest", "version", version("v1"),
                "dialect", "duckdb", "deployedAt", "2999-01-01T00:00:00Z"));
        assertThat(refusedAt(future, 422, "deployedAt")).startsWith("is more than 5 minutes after the server's time (");
        assertThat(api().get(deployments)).isEmpty();

        // A clock a minute ahead and a note over lines are fine.
        Api.Answer skewed = api().send(HttpMethod.POST, deployments, obj("package", "dtest", "version", version("v1"),
                "dialect", "duckdb", "deployedAt", java.time.Instant.now().plusSeconds(60).toString(),
                "note", "line one\nline two"));
        assertThat(skewed.status()).as(skewed.body()).isEqualTo(201);
    }

    /**
     * Who deployed is the caller, whatever the request says; when is between the version's commit
     * and now (5 minutes either way). Every refusal is a 422 at its field and records nothing.
     */
    @Test
    default void whoIsTheCallerAndWhenLiesBetweenTheCommitAndNow() {
        assertThat(api().send(HttpMethod.POST, "/api/v1/environments", obj("name", "dt_forged")).status()).isEqualTo(201);
        String deployments = "/api/v1/environments/dt_forged/deployments";
        java.time.Instant committed = null;
        for (JsonNode v : api().get(versions() + "?size=500")) {
            if (v.get("number").asInt() == version("v3")) {
                committed = java.time.Instant.parse(v.get("createdAt").asString());
            }
        }
        for (String someoneElse : new String[] {"release-bot", "Admin", "admin ", "x\u0000y"}) {
            Api.Answer forged = api().send(HttpMethod.POST, deployments, obj("package", "dtest", "version", version("v3"),
                    "dialect", "duckdb", "deployedBy", someoneElse));
            assertThat(refusedAt(forged, 422, "deployedBy")).as(someoneElse).startsWith("is not the caller: a deployment"
                    + " is recorded as deployed by whoever reports it ('admin')");
        }
        java.time.Instant commitTime = committed;
        for (java.time.Instant early : new java.time.Instant[] {java.time.Instant.parse("1999-01-01T00:00:00Z"),
                commitTime.minus(java.time.Duration.ofMinutes(5)).minusSeconds(1)}) {
            Api.Answer backdated = api().send(HttpMethod.POST, deployments, obj("package", "dtest",
                    "version", version("v3"), "dialect", "duckdb", "deployedAt", early.toString()));
            assertThat(refusedAt(backdated, 422, "deployedAt")).isEqualTo("is before version " + version("v3")
                    + " was committed (" + commitTime + "): a version cannot be deployed before it exists");
        }
        assertThat(api().get(deployments)).isEmpty();

        // The caller's own name, and a time within the skew before the commit, are recorded as given.
        java.time.Instant atCommit = commitTime.minus(java.time.Duration.ofMinutes(4));
        Api.Answer own = api().send(HttpMethod.POST, deployments, obj("package", "dtest", "version", version("v3"),
                "dialect", "duckdb", "deployedBy", "admin", "deployedAt", atCommit.toString(), "note", "by release-bot"));
        assertThat(own.status()).as(own.body()).isEqualTo(201);
        assertThat(own.json().get("deployedBy").asString()).isEqualTo("admin");
        assertThat(java.time.Instant.parse(own.json().get("deployedAt").asString())).isEqualTo(atCommit);
        assertThat(own.json().get("recordedBy").asString()).isEqualTo("admin");
    }

    /** The message of a refusal whose one problem is at {@code field}. */
    private static String refusedAt(Api.Answer answer, int status, String field) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(status);
        assertThat(answer.json().get("errors").get(0).get("field").asString()).isEqualTo(field);
        assertThat(answer.json().get("errors")).hasSize(1);
        return answer.json().get("errors").get(0).get("message").asString();
    }

    @Test
    default void aDeploymentDoneByHandIsRecordedOnThePageAndARefusalStandsInItsForm() throws Exception {
        assertThat(api().send(HttpMethod.POST, "/api/v1/environments", obj("name", "dt_hand")).status()).isEqualTo(201);
        String list = "/api/v1/environments/dt_hand/deployments";
        String before = api().raw(HttpMethod.GET, "/packages/dtest/deployments", null).text();
        String empty = before.substring(before.indexOf("id=\"env-dt_hand\""));
        assertThat(empty).contains("Nothing of this package is recorded as deployed here.",
                "the SQL package of version " + version("v3") + " (snowflake)", "Record a deployment to dt_hand");

        // A version that is not committed, and a note too long: said in the environment's form, nothing recorded.
        String refused = form("dt_hand", "999", "duckdb", null).getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(refused.substring(refused.indexOf("id=\"env-dt_hand\""))).contains("<details open=\"open\"",
                "has no version 999");
        String longNote = form("dt_hand", String.valueOf(version("v1")), "duckdb", "x".repeat(2001)).getResponse()
                .getContentAsString(StandardCharsets.UTF_8);
        assertThat(longNote).contains("The note has 2001 characters; at most 2000.");
        assertThat(api().get(list)).isEmpty();

        var recorded = form("dt_hand", String.valueOf(version("v1")), "duckdb", "by hand, after the outage");
        assertThat(recorded.getResponse().getRedirectedUrl()).isEqualTo("/packages/dtest/deployments?recorded=dt_hand");
        String after = api().raw(HttpMethod.GET, recorded.getResponse().getRedirectedUrl(), null).text();
        assertThat(after.substring(after.indexOf("id=\"env-dt_hand\""))).contains("Version <strong>" + version("v1")
                + "</strong>", "duckdb", "Recorded.", "Deploying version " + version("v3"));
        JsonNode deployed = api().get(list).get(0);
        assertThat(deployed.get("version").asInt()).isEqualTo(version("v1"));
        assertThat(deployed.get("note").asString()).isEqualTo("by hand, after the outage");
    }

    private org.springframework.test.web.servlet.MvcResult form(String environment, String version, String dialect,
                                                                 String note) throws Exception {
        var request = org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post("/packages/dtest/deployments")
                .with(Api.signedIn()).with(org.springframework.security.test.web.servlet.request
                        .SecurityMockMvcRequestPostProcessors.csrf())
                .param("environment", environment).param("version", version).param("dialect", dialect);
        if (note != null) {
            request.param("note", note);
        }
        return api().mvc().perform(request).andReturn();
    }

    @Test
    default void aChangeThatCannotBeExpressedSaysWhichAndWhy() {
        byte[] impossible = document(list -> {
            list.replaceAll(a -> a.name().equals("mmsi_key")
                    ? new AttributeDoc("mmsi_key", "DATE", null, null, null, true, null, null) : a);
            return list;
        });
        assertThat(api().raw(HttpMethod.POST, "/api/v1/packages/import", impossible).status()).isEqualTo(200);
        try {
            Api.Answer answer = api().send(HttpMethod.GET, versions() + "/working/migration?from=" + version("v1")
                    + "&dialect=snowflake", null);
            assertThat(answer.status()).as(answer.body()).isEqualTo(422);
            assertThat(answer.json().get("change").asString())
                    .isEqualTo("change the type of dt.D_VESSEL_SCD2.mmsi_key from INTEGER8 to DATE");
            assertThat(answer.json().get("reason").asString()).startsWith("no conversion from INTEGER8 to DATE");
        } finally {
            assertThat(api().raw(HttpMethod.POST, "/api/v1/packages/import", v3()).status()).isEqualTo(200);
        }
    }

    @Test
    default void badInputIsNamedInProblemDetails() {
        String deployments = "/api/v1/environments/nowhere/deployments";
        assertProblem(api().send(HttpMethod.POST, deployments, obj("package", "dtest", "version", 1, "dialect", "h2")),
                404, "Environment 'nowhere' does not exist");
        assertProblem(api().send(HttpMethod.GET, deployments, null), 404, "Environment 'nowhere' does not exist");
        String ours = "/api/v1/environments/" + ENVIRONMENT + "/deployments";
        assertProblem(api().send(HttpMethod.POST, ours, obj("package", "dtest", "version", 999, "dialect", "h2")),
                404, "Package 'dtest' has no version 999");
        assertProblem(api().send(HttpMethod.POST, ours, obj("package", "nopkg", "version", 1, "dialect", "h2")),
                404, "Package 'nopkg' does not exist");
        assertProblem(api().send(HttpMethod.POST, ours, obj("package", "dtest", "version", 1, "dialect", "oracle9")),
                400, "Unknown dialect 'oracle9'");
        assertProblem(api().send(HttpMethod.POST, ours, obj("package", "dtest", "dialect", "h2")), 400, "version");
        Api.Answer noPackage = api().send(HttpMethod.POST, ours, obj("version", 1, "dialect", "h2"));
        assertProblem(noPackage, 400, "package");
        assertThat(noPackage.json().get("errors").get(0).get("field").asString()).as("named as the JSON says")
                .isEqualTo("package");

        String migration = versions() + "/" + version("v2") + "/migration";
        assertProblem(api().send(HttpMethod.GET, versions() + "/999/migration?from=1&dialect=h2", null), 404,
                "has no version 999");
        assertProblem(api().send(HttpMethod.GET, migration + "?from=999&dialect=h2", null), 404, "has no version 999");
        assertProblem(api().send(HttpMethod.GET, migration + "?from=abc&dialect=h2", null), 400, "version 'abc'");
        assertProblem(api().send(HttpMethod.GET, migration + "?from=1&dialect=oracle9", null), 400,
                "Unknown dialect 'oracle9'");
        assertProblem(api().send(HttpMethod.GET, migration + "?from=1", null), 400, "dialect");
        assertProblem(api().send(HttpMethod.GET, migration + "?from=deployed&dialect=h2", null), 400,
                "environment: is required with from=deployed");
        assertProblem(api().send(HttpMethod.GET, migration + "?from=deployed&environment=nowhere", null), 404,
                "Environment 'nowhere' does not exist");
        api().send(HttpMethod.POST, "/api/v1/environments", obj("name", "dt_empty"));
        assertProblem(api().send(HttpMethod.GET, migration + "?from=deployed&environment=dt_empty", null), 404,
                "Package 'dtest' has no recorded deployment in environment 'dt_empty'");
    }

    /** Renames a migration cannot tell apart are refused where the entity is saved, naming the field. */
    @Test
    default void renamesAMigrationCouldNotMakeAreRefusedOnSave() {
        Map<String, Object> id = obj("name", "id", "datatype", "INTEGER4");
        Map<String, Object> nm = obj("name", "nm", "datatype", "VARCHAR", "dataLength", 20);
        JsonNode entity = api().create("/api/v1/entities", obj("logicalName", "SW", "schema", "dt_sw", "name", "sw_tgt",
                "attributes", List.of(id, nm)));
        String path = "/api/v1/entities/" + entity.get("id").asLong();
        try {
            Api.Answer twice = api().send(HttpMethod.PUT, path, obj("version", entity.get("version").asLong(),
                    "logicalName", "SW", "schema", "dt_sw", "name", "sw_tgt", "attributes", List.of(
                            obj("name", "a", "datatype", "VARCHAR", "dataLength", 20, "renamedFrom", "nm"),
                            obj("name", "b", "datatype", "VARCHAR", "dataLength", 20, "renamedFrom", "NM"))));
            assertProblem(twice, 400, "is also the renamedFrom of attribute 'a'");
            assertThat(twice.json().get("errors").get(0).get("field").asString()).isEqualTo("attributes[1].renamedFrom");
            Api.Answer kept = api().send(HttpMethod.PUT, path, obj("version", entity.get("version").asLong(),
                    "logicalName", "SW", "schema", "dt_sw", "name", "sw_tgt", "attributes", List.of(id,
                            obj("name", "nm2", "datatype", "INTEGER4", "renamedFrom", "id"))));
            assertProblem(kept, 400, "id");
            assertThat(kept.json().get("errors").get(0).get("field").asString()).isEqualTo("attributes[1].renamedFrom");
            Api.Answer swap = api().send(HttpMethod.PUT, path, obj("version", entity.get("version").asLong(),
                    "logicalName", "SW", "schema", "dt_sw", "name", "sw_tgt", "attributes", List.of(
                            obj("name", "nm", "datatype", "INTEGER4", "renamedFrom", "id"),
                            obj("name", "id", "datatype", "VARCHAR", "dataLength", 20, "renamedFrom", "nm"))));
            assertThat(swap.status()).as(swap.body()).isEqualTo(200);
        } finally {
            api().send(HttpMethod.DELETE, path, null);
        }
    }

    /** An entity may be saved without attributes while it is modelled, but it has no CREATE TABLE yet. */
    @Test
    default void anEntityWithoutAttributesHasNoDdl() {
        JsonNode entity = api().create("/api/v1/entities", obj("logicalName", "X1", "schema", "dt_stg", "name", "x1"));
        String path = "/api/v1/entities/" + entity.get("id").asLong();
        try {
            for (String dialect : List.of("duckdb", "postgresql", "snowflake", "h2", "bigquery", "databricks")) {
                Api.Answer ddl = api().send(HttpMethod.GET, path + "/ddl?dialect=" + dialect, null);
                assertProblem(ddl, 422, "dt_stg.x1");
                assertThat(ddl.json().get("reason").asString()).contains("no attributes");
            }
        } finally {
            api().send(HttpMethod.DELETE, path, null);
        }
    }

    private static void assertProblem(Api.Answer answer, int status, String detail) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(status);
        assertThat(answer.json().get("detail").asString()).contains(detail);
        assertThat(answer.body()).doesNotContain("Exception", "io.loadsmith");
    }
}
