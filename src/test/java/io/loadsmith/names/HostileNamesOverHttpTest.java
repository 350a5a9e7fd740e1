package io.loadsmith.names;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

import io.loadsmith.account.token.TokenScope;
import io.loadsmith.identity.Role;
import io.loadsmith.security.TestAccounts;

/**
 * Package names that an older store may hold, through real Tomcat (MockMvc does not normalise or
 * encode addresses as Tomcat does, which is where {@code ../../etc/x} broke the home page): every
 * role reads the home and package pages, and no answer carries the name into a header unencoded.
 * Same configuration as BodyLimitOverHttpTest, so the two share one application.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:limits_http;DB_CLOSE_DELAY=-1",
        "spring.flyway.locations=classpath:db/migration"})
class HostileNamesOverHttpTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Autowired
    ApplicationContext context;

    @Autowired
    JdbcTemplate jdbc;

    @LocalServerPort
    int port;

    private HttpResponse<String> get(String path, String bearer) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Accept", "text/html").header("Authorization", bearer).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void everyRoleReadsThePagesOfPackagesWithHostileStoredNames() throws Exception {
        List<String> bearers = List.of(
                "Bearer " + TestAccounts.token(context, "nm_http_viewer", Role.VIEWER, TokenScope.READ),
                "Bearer " + TestAccounts.token(context, "nm_http_editor", Role.EDITOR, TokenScope.WRITE),
                "Bearer " + TestAccounts.token(context, "nm_http_admin", Role.ADMIN, TokenScope.WRITE));
        for (String name : List.of("../../etc/x", "..", "nm\r\nX-Injected: 1", "nm/a/../../b", "nm\\x", "nm\"x", "nm_{x}",
                "nm%2Fx", "nm x?y#z")) {
            jdbc.update("insert into metadata_package (name, created_at, updated_at) values (?, current_timestamp,"
                    + " current_timestamp)", name);
            long id = jdbc.queryForObject("select id from metadata_package where name = ?", Long.class, name);
            try {
                for (String bearer : bearers) {
                    HttpResponse<String> home = get("/", bearer);
                    assertThat(home.statusCode()).as(name).isEqualTo(200);
                    assertThat(home.body()).contains("href=\"/packages/" + id + "\"");
                    HttpResponse<String> show = get("/packages/" + id, bearer);
                    assertThat(show.statusCode()).as(name).isEqualTo(200);
                    assertThat(show.body()).contains("<title>");

                    HttpResponse<String> export = get("/packages/" + id + "/export?dialect=h2&environment=%0D%0ASet-Cookie:%20a%3Db",
                            bearer);
                    // The export form checks the environment before it redirects: an unknown one is an HTML
                    // refusal, and its text never becomes a header.
                    assertThat(export.statusCode()).as(name).isEqualTo(400);
                    assertThat(export.headers().map()).doesNotContainKey("x-injected").doesNotContainKey("location");
                    assertThat(export.headers().allValues("set-cookie")).noneMatch(c -> c.startsWith("a="));
                    assertThat(export.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
                    HttpResponse<String> plain = get("/packages/" + id + "/export?dialect=h2", bearer);
                    assertThat(plain.statusCode()).as(name).isEqualTo(302);
                    assertThat(plain.headers().firstValue("Location").orElseThrow())
                            .endsWith("/api/v1/packages/" + id + "/versions/working/sql-package?dialect=h2");
                }
            } finally {
                jdbc.update("delete from metadata_package where id = ?", id);
            }
        }
    }
}
