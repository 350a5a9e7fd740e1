package io.loadsmith.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.anonymous;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpMethod;
import org.springframework.security.web.FilterChainProxy;
import org.springframework.security.web.ObservationFilterChainDecorator;
import org.springframework.test.util.ReflectionTestUtils;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.loadsmith.account.token.TokenScope;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.identity.Role;
import io.loadsmith.load.LoadModelAssembler;
import io.loadsmith.security.TestAccounts;
import io.loadsmith.store.Api;
import io.loadsmith.store.H2DemoStoreTest;

/**
 * What /actuator/prometheus shows after the application did something: each meter is read before and
 * after, and must have moved by exactly what the test did (the context is shared with other tests).
 */
class MetricsTest extends H2DemoStoreTest {

    private static final String SNOWFLAKE =
            "loadsmith_generation_seconds_count{dialect=\"snowflake\",outcome=\"success\",template=\"scd2\"}";
    private static final String DUCKDB =
            "loadsmith_generation_seconds_count{dialect=\"duckdb\",outcome=\"success\",template=\"scd2\"}";
    private static final String UNKNOWN_DIALECT = "loadsmith_generation_failures_total{dialect=\"unknown\",kind=\"load\"}";
    private static final String FAILED_TIMING =
            "loadsmith_generation_seconds_count{dialect=\"unknown\",outcome=\"failure\",template=\"none\"}";
    private static final String EXPORT = "loadsmith_exports_seconds_count{dialect=\"duckdb\",outcome=\"success\"}";
    private static final String INVALID_IMPORT = "loadsmith_imports_seconds_count{outcome=\"invalid\"}";
    private static final String ACCEPTED = "loadsmith_token_checks_total{result=\"accepted\"}";
    private static final String REJECTED = "loadsmith_token_checks_total{result=\"rejected\"}";

    @Autowired
    private FilterChainProxy filterChainProxy;

    @Autowired
    ApplicationContext context;

    @Test
    void generationExportImportAndTokenChecksShowInPrometheusFormat() throws Exception {
        String before = prometheus();

        assertThat(api().text("/api/v1/loads/1/sql?dialect=snowflake")).contains("MERGE INTO publish.D_VESSEL_SCD2");
        // The API refuses an unknown dialect before generating; other callers reach the generator with it.
        LoadModel demo = new TransactionTemplate(context.getBean(PlatformTransactionManager.class))
                .execute(status -> context.getBean(LoadModelAssembler.class).assemble(1));
        assertThatThrownBy(() -> context.getBean(LoadSqlGenerator.class).generate(demo, "no-such-dialect", Map.of()))
                .isInstanceOf(GenerationException.class);
        // The working state, not a new version: tests sharing this store expect the demo uncommitted.
        assertThat(api().raw(HttpMethod.GET, "/api/v1/packages/1/versions/working/sql-package?dialect=duckdb", null)
                .status()).isEqualTo(200);
        assertThat(api().send(HttpMethod.POST, "/api/v1/packages/import", Api.obj("loads", java.util.List.of())).status())
                .isEqualTo(400);
        String token = "Bearer " + TestAccounts.token(context, "metrics-reader", Role.VIEWER, TokenScope.READ);
        assertThat(bearer("/api/v1/me", token)).isEqualTo(200);
        assertThat(bearer("/api/v1/me", "Bearer lsm_no-such-token")).isEqualTo(401);

        String after = prometheus();
        assertThat(after).startsWith("# HELP").contains("# TYPE loadsmith_generation_seconds histogram");
        assertThat(value(after, SNOWFLAKE) - value(before, SNOWFLAKE)).as(SNOWFLAKE).isEqualTo(1);
        // The exporter builds its own generator per package: its generations count all the same.
        assertThat(value(after, DUCKDB) - value(before, DUCKDB)).as(DUCKDB).isEqualTo(1);
        assertThat(value(after, UNKNOWN_DIALECT) - value(before, UNKNOWN_DIALECT)).as(UNKNOWN_DIALECT).isEqualTo(1);
        assertThat(value(after, FAILED_TIMING) - value(before, FAILED_TIMING)).as(FAILED_TIMING).isEqualTo(1);
        assertThat(value(after, EXPORT) - value(before, EXPORT)).as(EXPORT).isEqualTo(1);
        assertThat(value(after, INVALID_IMPORT) - value(before, INVALID_IMPORT)).as(INVALID_IMPORT).isEqualTo(1);
        assertThat(value(after, ACCEPTED) - value(before, ACCEPTED)).as(ACCEPTED).isEqualTo(1);
        assertThat(value(after, REJECTED) - value(before, REJECTED)).as(REJECTED).isEqualTo(1);
    }

    @Test
    void requestsAreObservedButNotEachSecurityFilter() throws Exception {
        api().text("/api/v1/dialects");
        String exposition = prometheus();
        assertThat(exposition).contains("http_server_requests_seconds_count{");
        // Spring Security observes every filter of the chain unless told not to: a dozen per request.
        assertThat(exposition).doesNotContain("spring_security_filterchains", "spring_security_authorizations");
        // Not even as no-ops: the wrapper around each filter was itself a cost on every request.
        assertThat(ReflectionTestUtils.getField(filterChainProxy, "filterChainDecorator"))
                .isNotInstanceOf(ObservationFilterChainDecorator.class);
    }

    @Test
    void probesArePublicAndSayOnlyUpOrDown() throws Exception {
        for (String probe : new String[] {"/actuator/health", "/actuator/health/liveness", "/actuator/health/readiness"}) {
            var response = mvc.perform(MockMvcRequestBuilders.get(probe).with(anonymous())).andReturn().getResponse();
            assertThat(response.getStatus()).as(probe).isEqualTo(200);
            // The state only: no components, no database name, nothing for an anonymous caller to map.
            assertThat(response.getContentAsString()).as(probe).contains("\"status\":\"UP\"")
                    .doesNotContain("components", "db", "H2");
        }
    }

    private String prometheus() throws Exception {
        var response = mvc.perform(MockMvcRequestBuilders.get("/actuator/prometheus")).andReturn().getResponse();
        assertThat(response.getStatus()).isEqualTo(200);
        return response.getContentAsString();
    }

    private int bearer(String path, String header) throws Exception {
        return mvc.perform(MockMvcRequestBuilders.get(path).with(anonymous()).header("Authorization", header))
                .andReturn().getResponse().getStatus();
    }

    /** A sample's value; 0 while the series does not exist yet. */
    private static double value(String exposition, String series) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(exposition);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }
}
