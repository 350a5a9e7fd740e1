package io.loadsmith.limits;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import io.loadsmith.exchange.PackageJson;
import io.loadsmith.store.Api;
import tools.jackson.databind.JsonNode;

/**
 * Body limits over a real connection to Tomcat (MockMvc neither chunks nor applies Tomcat's limits):
 * chunked API bodies (no Content-Length, so they are counted while read), an upload over the import page's multipart limit and a form over Tomcat's
 * form limit. Each answer is a message the client can read, never a reset connection or a trace.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:limits_http;DB_CLOSE_DELAY=-1",
        "spring.flyway.locations=classpath:db/migration"})
class BodyLimitOverHttpTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.context.ApplicationContext context;

    private String bearer;

    /** Every call is an ADMIN's, with a bearer token (pages accept it too, without CSRF). */
    private synchronized String bearer() {
        if (bearer == null) {
            bearer = io.loadsmith.security.TestAccounts.adminBearer(context);
        }
        return bearer;
    }

    @LocalServerPort
    int port;

    private HttpResponse<String> post(String path, String contentType, BodyPublisher body) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Content-Type", contentType).header("Accept", "application/json, text/html")
                .header("Authorization", bearer())
                .POST(body).build(), HttpResponse.BodyHandlers.ofString());
    }

    private String get(String path) throws Exception {
        HttpResponse<String> answer = CLIENT.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Accept", "application/json").header("Authorization", bearer()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(200);
        return answer.body();
    }

    /** Status and body of an answer read off a socket. */
    private record Answer(int status, String headers, String body) {
    }

    /**
     * POSTs {@code body} with Transfer-Encoding: chunked over a plain socket, in chunks of 64 KB,
     * so there is no Content-Length for the server to check up front.
     */
    private Answer postChunked(String path, byte[] body) throws IOException {
        try (Socket socket = new Socket("localhost", port)) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Authorization: " + bearer() + "\r\n"
                    + "Accept: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            for (int at = 0; at < body.length; at += 64 * 1024) {
                int length = Math.min(64 * 1024, body.length - at);
                out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(body, at, length);
                out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int end = response.indexOf("\r\n\r\n");
            String headers = response.substring(0, end);
            String rest = response.substring(end + 4);
            StringBuilder content = new StringBuilder();
            if (headers.toLowerCase(java.util.Locale.ROOT).contains("transfer-encoding: chunked")) {
                // The answer is chunked as well: size line, data, CRLF, until the chunk of size 0.
                for (int at = 0; ; ) {
                    int line = rest.indexOf("\r\n", at);
                    int size = Integer.parseInt(rest.substring(at, line).trim(), 16);
                    if (size == 0) {
                        break;
                    }
                    content.append(rest, line + 2, line + 2 + size);
                    at = line + 2 + size + 2;
                }
            } else {
                content.append(rest);
            }
            return new Answer(Integer.parseInt(headers.substring(9, 12)), headers, content.toString());
        }
    }

    @Test
    void chunkedBodyOverTheLimitIs413AndStoresNothing() throws Exception {
        String before = get("/api/v1/packages");
        Answer answer = postChunked("/api/v1/packages",
                ApiBodyLimitTest.packageRequest("lim_chunked_over", Limits.API_BODY_BYTES + 1));
        assertThat(answer.status()).as(answer.body()).isEqualTo(413);
        assertThat(answer.headers()).containsIgnoringCase("content-type: application/problem+json");
        JsonNode problem = Api.JSON.readTree(answer.body());
        assertThat(problem.get("detail").asString()).contains("4 MB");
        assertThat(problem.get("maxBytes").asLong()).isEqualTo(Limits.API_BODY_BYTES);
        assertThat(get("/api/v1/packages")).isEqualTo(before);
    }

    @Test
    void chunkedBodyOfExactlyTheLimitIsServed() throws Exception {
        Answer answer = postChunked("/api/v1/packages",
                ApiBodyLimitTest.packageRequest("lim_chunked_at", Limits.API_BODY_BYTES));
        assertThat(answer.status()).as(answer.body()).isEqualTo(201);
        assertThat(Api.JSON.readTree(answer.body()).get("name").asString()).isEqualTo("lim_chunked_at");
    }

    /** Tomcat closes the connection after a 413; the rest of the body is read first, so the client gets the answer. */
    @Test
    void muchLargerBodiesStillGetTheAnswer() throws Exception {
        byte[] body = ApiBodyLimitTest.packageRequest("lim_much_larger", 12 * Limits.API_BODY_BYTES);
        assertThat(postChunked("/api/v1/packages", body).status()).isEqualTo(413);
        assertThat(post("/api/v1/packages", "application/json", BodyPublishers.ofByteArray(body)).statusCode())
                .isEqualTo(413);
    }

    /** The import reads its own 20 MB limit while reading, chunked or not. */
    @Test
    void chunkedImportOverItsOwnLimitIs413() throws Exception {
        String before = get("/api/v1/packages");
        Answer answer = postChunked("/api/v1/packages/import",
                ApiBodyLimitTest.packageRequest("lim_import_over", PackageJson.MAX_BYTES + 1));
        assertThat(answer.status()).as(answer.body()).isEqualTo(413);
        assertThat(Api.JSON.readTree(answer.body()).get("maxBytes").asLong()).isEqualTo(PackageJson.MAX_BYTES);
        assertThat(get("/api/v1/packages")).isEqualTo(before);
    }

    @Test
    void uploadOverTheImportLimitShowsAMessageOnTheImportPage() throws Exception {
        String before = get("/api/v1/packages");
        byte[] file = new byte[PackageJson.MAX_BYTES + 1024];
        Arrays.fill(file, (byte) ' ');
        String boundary = "limits-boundary";
        ByteArrayOutputStream form = new ByteArrayOutputStream();
        form.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"format\"\r\n\r\nloadsmith\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.json\"\r\n"
                + "Content-Type: application/json\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        form.writeBytes(file);
        form.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        HttpResponse<String> answer = post("/packages/import", "multipart/form-data; boundary=" + boundary,
                BodyPublishers.ofByteArray(form.toByteArray()));
        assertThat(answer.statusCode()).isEqualTo(413);
        assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        assertThat(answer.body()).contains("Nothing was imported.", "larger than 20 MB", "<h1>Import a package</h1>")
                .doesNotContain("Whitelabel", "Exception", "at org.");
        assertThat(get("/api/v1/packages")).isEqualTo(before);
    }

    @Test
    void formOverTheFormLimitShowsAMessagePage() throws Exception {
        String before = get("/api/v1/attribute-types");
        byte[] form = ("name=LIM_FORM&description=" + "d".repeat(22 * 1024 * 1024)).getBytes(StandardCharsets.US_ASCII);
        HttpResponse<String> answer = post("/configuration/attribute-types", "application/x-www-form-urlencoded",
                BodyPublishers.ofByteArray(form));
        assertThat(answer.statusCode()).isEqualTo(413);
        assertThat(answer.body()).contains("Form too large", "21 MB").doesNotContain("Whitelabel", "Exception", "at org.");
        assertThat(get("/api/v1/attribute-types")).isEqualTo(before);
    }

    /** The package pages answer through the API's handler: a problem detail, not a 500. */
    @Test
    void formOverTheFormLimitOnAPackagePageIs413() throws Exception {
        byte[] form = ("message=" + "m".repeat(22 * 1024 * 1024)).getBytes(StandardCharsets.US_ASCII);
        HttpResponse<String> answer = post("/packages/demo/commit", "application/x-www-form-urlencoded",
                BodyPublishers.ofByteArray(form));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(413);
        // The package pages answer HTML pages like the rest of the designer.
        assertThat(answer.body()).contains("Form too large", "larger than").doesNotContain("Exception", "at org.");
    }

    /** Parameters Tomcat cannot decode are the client's mistake: 400, not the 500 they used to be. */
    @Test
    void queryThatDoesNotDecodeIs400() throws Exception {
        try (Socket socket = new Socket("localhost", port)) {
            socket.getOutputStream().write(("GET /api/v1/entities?name=%ZZ HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + bearer() + "\r\n"
                    + "Accept: application/json\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(answer).startsWith("HTTP/1.1 400").contains("could not be read");
        }
    }
}
