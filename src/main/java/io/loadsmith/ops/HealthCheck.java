package io.loadsmith.ops;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The container's HEALTHCHECK (Dockerfile): exits 0 when readiness answers 200, else 1. A plain main
 * class with nothing but the JDK, run from the image's application layer, so that any Java runtime
 * image can check health without curl or wget in it. It deliberately starts no Spring.
 */
public final class HealthCheck {

    private HealthCheck() {
    }

    public static void main(String[] args) {
        String port = System.getenv().getOrDefault("SERVER_PORT", "8080");
        URI readiness = URI.create("http://127.0.0.1:" + port + "/actuator/health/readiness");
        try {
            HttpResponse<Void> answer = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()
                    .send(HttpRequest.newBuilder(readiness).timeout(Duration.ofSeconds(8)).build(),
                            HttpResponse.BodyHandlers.discarding());
            System.out.println(readiness + " answered " + answer.statusCode());
            System.exit(answer.statusCode() == 200 ? 0 : 1);
        } catch (Exception e) {
            System.out.println(readiness + " did not answer: " + e);
            System.exit(1);
        }
    }
}
