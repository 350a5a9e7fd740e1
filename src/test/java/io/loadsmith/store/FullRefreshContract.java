package io.loadsmith.store;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.HttpMethod;

import tools.jackson.databind.JsonNode;

/**
 * Full-refresh safety through the REST API, on a store whose project setting is
 * {@code loadsmith.full-refresh.current-state=require_confirmation}: the package "frtest"
 * (packages/full_refresh.json) has a scd_hybrid_rebuild load of the history table
 * frdw.FR_DIM_USER and a truncate_insert load of a plain table. Generated for h2, a dialect without
 * UPDATE ... FROM, where the rebuild replaces the whole table (where it writes in place it is no
 * full refresh: FullRefreshGenerationTest).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public interface FullRefreshContract {

    Api api();

    /** The fixture, with the history entity's fullRefreshPolicy set (null: none). */
    static byte[] document(String historyEntityPolicy) {
        try {
            String json = new ClassPathResource("packages/full_refresh.json").getContentAsString(StandardCharsets.UTF_8);
            if (historyEntityPolicy != null) {
                json = json.replace("\"name\": \"FR_DIM_USER\",",
                        "\"name\": \"FR_DIM_USER\",\n      \"fullRefreshPolicy\": \"" + historyEntityPolicy + "\",");
            }
            return json.getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    default void importWith(String historyEntityPolicy) {
        Api.Raw answer = api().raw(HttpMethod.POST, "/api/v1/packages/import", document(historyEntityPolicy));
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    }

    @BeforeEach
    default void importWithoutEntityPolicy() {
        importWith(null);
    }

    default String versions() {
        return "/api/v1/packages/" + api().get("/api/v1/packages?name=frtest").get(0).get("id").asLong()
                + "/versions/working";
    }

    default String loadSql() {
        return "/api/v1/loads/" + api().get("/api/v1/loads?name=fr_rebuild").get(0).get("id").asLong()
                + "/sql?dialect=h2";
    }

    @Test
    default void loadSqlNeedsTheConfirmation() {
        Api.Answer refused = api().send(HttpMethod.GET, loadSql(), null);

        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        JsonNode problem = refused.json();
        assertThat(problem.get("detail").asString()).isEqualTo("Load 'fr_rebuild', step 1 'rebuild', template"
                + " 'scd_hybrid_rebuild', line 1, column 1: full refresh of history table frdw.FR_DIM_USER"
                + " (current-state input) needs confirmation: the effective policy is require_confirmation (project"
                + " setting loadsmith.full-refresh.current-state=require_confirmation). Confirm with"
                + " allowFullRefresh=true (API) or --allow-full-refresh (command line).");
        assertThat(problem.get("template").asString()).isEqualTo("scd_hybrid_rebuild");
        assertThat(problem.get("step").asString()).isEqualTo("rebuild");

        assertThat(api().text(loadSql() + "&allowFullRefresh=true")).contains("frdw.Z_NEW_FR_DIM_USER");
        assertThat(api().send(HttpMethod.GET, loadSql() + "&allowFullRefresh=false", null).status()).isEqualTo(422);
    }

    @Test
    default void packageSqlAndTheSqlPackageZipNeedTheConfirmation() {
        String sql = versions() + "/sql?dialect=h2";
        String zip = versions() + "/sql-package?dialect=h2";
        String oneLoad = versions() + "/loads/fr_rebuild/sql?dialect=h2";

        for (String path : List.of(sql, zip, oneLoad)) {
            Api.Raw refused = api().raw(HttpMethod.GET, path, null);
            assertThat(refused.status()).as(path + ": " + refused.text()).isEqualTo(422);
            assertThat(refused.text()).as(path).contains("needs confirmation", "frdw.FR_DIM_USER");
            Api.Raw confirmed = api().raw(HttpMethod.GET, path + "&allowFullRefresh=true", null);
            assertThat(confirmed.status()).as(path + ": " + confirmed.text()).isEqualTo(200);
        }
        assertThat(api().text(sql + "&allowFullRefresh=true")).contains("-- loads/fr_rebuild.sql", "Z_NEW_FR_DIM_USER");
        assertThat(api().raw(HttpMethod.GET, zip + "&allowFullRefresh=true", null).contentType()).contains("application/zip");
    }

    @Test
    default void otherLoadsAndTheDdlDoNotDependOnTheFullRefresh() {
        assertThat(api().text(versions() + "/loads/fr_copy/sql?dialect=h2")).contains("DELETE FROM frdw.FR_PLAIN_USER");
        assertThat(api().text(versions() + "/entities/frdw.FR_DIM_USER/ddl?dialect=h2"))
                .contains("CREATE TABLE frdw.FR_DIM_USER");
    }

    @Test
    default void anEntitysDenyCannotBeConfirmedAway() {
        importWith("deny");

        Api.Answer refused = api().send(HttpMethod.GET, loadSql() + "&allowFullRefresh=true", null);

        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        assertThat(refused.json().get("detail").asString())
                .contains("is denied", "(entity frdw.FR_DIM_USER says deny)");
        assertThat(api().raw(HttpMethod.GET, versions() + "/sql-package?dialect=h2&allowFullRefresh=true", null)
                .status()).isEqualTo(422);
    }

    @Test
    default void anEntityCannotWeakenTheProjectsPolicy() {
        importWith("allow");

        Api.Answer refused = api().send(HttpMethod.GET, loadSql(), null);

        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        assertThat(refused.json().get("detail").asString()).contains("the effective policy is require_confirmation",
                "entity frdw.FR_DIM_USER says allow, which is ignored because an entity can only make the policy stricter");
        assertThat(api().get("/api/v1/entities?name=frdw.FR_DIM_USER").get(0).get("fullRefreshPolicy").asString())
                .isEqualTo("allow");
    }

    @Test
    default void theEntityApiTakesAndShowsThePolicy() {
        JsonNode created = api().create("/api/v1/entities", obj("logicalName", "FR_OWN", "schema", "frdw",
                "fullRefreshPolicy", "Require-Confirmation", "attributes", List.of()));
        assertThat(created.get("fullRefreshPolicy").asString()).isEqualTo("require_confirmation");
        JsonNode plain = api().get("/api/v1/entities?name=frdw.FR_PLAIN_USER").get(0);
        assertThat(plain.get("fullRefreshPolicy").isNull()).isTrue();

        Api.Answer bad = api().send(HttpMethod.POST, "/api/v1/entities", obj("logicalName", "FR_BAD", "schema", "frdw",
                "fullRefreshPolicy", "sometimes", "attributes", List.of()));

        assertThat(bad.status()).as(bad.body()).isEqualTo(400);
        assertThat(bad.body()).contains("fullRefreshPolicy", "is not a full-refresh policy: give deny,"
                + " require_confirmation or allow");
        assertThat(api().send(HttpMethod.GET, "/api/v1/entities?name=frdw.FR_BAD", null).json()).isEmpty();
        api().send(HttpMethod.DELETE, "/api/v1/entities/" + created.get("id").asLong(), null);
    }

    @Test
    default void thePolicyRoundTripsThroughThePackageJson() {
        importWith("deny");
        byte[] first = api().raw(HttpMethod.GET, versions(), null).body();
        assertThat(new String(first, StandardCharsets.UTF_8)).contains("\"fullRefreshPolicy\"", "\"deny\"");

        Api.Raw imported = api().raw(HttpMethod.POST, "/api/v1/packages/import", first);

        assertThat(imported.status()).as(imported.text()).isEqualTo(200);
        byte[] second = api().raw(HttpMethod.GET, versions(), null).body();
        assertThat(new String(second, StandardCharsets.UTF_8)).isEqualTo(new String(first, StandardCharsets.UTF_8));

        importWith(null);
        assertThat(new String(api().raw(HttpMethod.GET, versions(), null).body(), StandardCharsets.UTF_8))
                .doesNotContain("fullRefreshPolicy");
    }
}
