package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.TestPropertySource;

/**
 * Addresses that no handler serves, or that the firewall refuses before any handler is chosen,
 * answer as every other API error does: a problem detail that names the address, never Spring
 * Boot's bare error JSON ({"timestamp", "status", "error", "path"}) nor its wording. Over a plain
 * socket, because java.net.http normalises some of these paths before sending them.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:limits_http;DB_CLOSE_DELAY=-1",
        "spring.flyway.locations=classpath:db/migration"})
class RefusedAddressesOverHttpTest {

    @Autowired
    ApplicationContext context;

    @LocalServerPort
    int port;

    private String get(String path, String accept) throws IOException {
        return get(path, accept, "Authorization: " + io.loadsmith.security.TestAccounts.adminBearer(context) + "\r\n");
    }

    private String get(String path, String accept, String authorization) throws IOException {
        try (Socket socket = new Socket("localhost", port)) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAccept: " + accept
                    + "\r\n" + authorization + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/api/v1/loads/%2e%2e/sql?dialect=h2 | 400 | path '/api/v1/loads/%2e%2e/sql': the address is refused (",
            "/api/v1/loads/1;x=y/sql?dialect=h2 | 400 | path '/api/v1/loads/1;x=y/sql': the address is refused (",
            "/api/v1/nope | 404 | Nothing is served at GET /api/v1/nope; the API's endpoints are listed at /v3/api-docs."})
    void anApiClientGetsAProblemThatNamesTheAddress(String path, int status, String detail) throws IOException {
        String answer = get(path, "application/json");

        assertThat(answer).startsWith("HTTP/1.1 " + status + " ")
                .containsIgnoringCase("Content-Type: application/problem+json")
                .contains("\"status\":" + status, "\"detail\":\"" + detail)
                .doesNotContain("\"timestamp\"", "\"error\":", "static resource", "org.springframework", "Exception");
    }

    /** Refused before sign-in is looked at, so even the anonymous get the error page rather than the sign-in page. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"/loads/%2e%2e | 400", "/loads/1;x=y | 400"})
    void aBrowserGetsThePage(String path, int status) throws IOException {
        // A browser is signed in with a session, or not at all: no bearer token.
        String answer = get(path, "text/html,application/xhtml+xml", "");

        assertThat(answer).startsWith("HTTP/1.1 " + status + " ").containsIgnoringCase("Content-Type: text/html")
                .contains("class=\"error-page\"").doesNotContain("Exception", "org.springframework");
    }
}
