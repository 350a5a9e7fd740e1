package io.loadsmith.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.loadsmith.LoadsmithApplication;
import io.loadsmith.security.TestAccounts;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * PostgreSQL restarted under the running application: while it is down requests get a problem
 * detail (no trace) and readiness is down; once it is back the application serves again, and is
 * ready again, without a restart of its own.
 */
class PostgresRestartTest {

    private static String bearer;

    @Test
    void theAppServesAgainAfterPostgresRestarts(@TempDir Path data) throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        EmbeddedPostgres pg = start(data, port);
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(LoadsmithApplication.class).run(
                "--server.port=0", "--logging.level.root=OFF",
                "--spring.datasource.url=" + pg.getJdbcUrl("postgres", "postgres"),
                "--spring.datasource.username=postgres", "--spring.datasource.password=postgres",
                "--spring.datasource.hikari.connection-timeout=2000",
                "--spring.datasource.hikari.validation-timeout=1000")) {
            bearer = TestAccounts.adminBearer(app);
            String base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
            String sql = base + "/api/v1/loads/1/sql?dialect=postgresql";
            assertThat(get(sql).statusCode()).isEqualTo(200);
            assertThat(probe(base + "/actuator/health/readiness").statusCode()).isEqualTo(200);

            pg.close();
            HttpResponse<String> down = get(sql);
            assertThat(down.statusCode()).as(down.body()).isEqualTo(503);
            assertThat(down.headers().firstValue("Retry-After")).contains("5");
            assertThat(down.body()).contains("metadata store cannot be reached").doesNotContain("\tat ", "PSQLException");
            // Readiness follows the store, so a load balancer stops sending requests; liveness does not,
            // so an orchestrator does not restart an instance that a restart would not help.
            HttpResponse<String> notReady = probe(base + "/actuator/health/readiness");
            assertThat(notReady.statusCode()).isEqualTo(503);
            assertThat(notReady.body()).isEqualTo("{\"status\":\"DOWN\"}");
            assertThat(probe(base + "/actuator/health/liveness").body()).isEqualTo("{\"status\":\"UP\"}");

            pg = start(data, port);
            HttpResponse<String> back = get(sql);
            for (int i = 0; i < 20 && back.statusCode() != 200; i++) {
                Thread.sleep(500);
                back = get(sql);
            }
            assertThat(back.statusCode()).as(back.body()).isEqualTo(200);
            assertThat(back.body()).contains("MERGE INTO publish.D_VESSEL_SCD2 trg");
            HttpResponse<String> ready = probe(base + "/actuator/health/readiness");
            assertThat(ready.statusCode()).as(ready.body()).isEqualTo(200);
        } finally {
            pg.close();
        }
    }

    private static EmbeddedPostgres start(Path data, int port) throws Exception {
        return EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false).setPort(port).start();
    }

    /** As an orchestrator asks: without a token, which would need the store to be checked. */
    private static HttpResponse<String> probe(String url) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", bearer).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
