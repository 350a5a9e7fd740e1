package io.loadsmith.ops;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;

/**
 * The start that records the class-data-sharing archive (docs/operations.md "Start-up of the server", the
 * Dockerfile): with {@code loadsmith.training-run=true} the application, once ready, answers one
 * request of each kind a first visitor sends (the readiness probe, an API call without a token, the
 * sign-in page) and exits, 0 when each got its usual answer. Spring Boot's
 * {@code spring.context.exit=onRefresh} stops before Hibernate's background bootstrap, the
 * repositories and the first request, whose classes every real start then loaded from the jars:
 * about 3,000 classes, half a second of a start on 2 cores (docs/benchmarks.md, "Start-up: half of
 * it is the JIT, and the archive trained to readiness").
 *
 * <p>Always a bean, and the property read when the application is ready: AOT fixes the bean set at
 * build time, and the image trains the AOT start.
 */
@Component
class TrainingRun implements ApplicationListener<ApplicationReadyEvent> {

    static final String PROPERTY = "loadsmith.training-run";

    private static final Logger LOG = LoggerFactory.getLogger(TrainingRun.class);

    private static final Duration DEADLINE = Duration.ofMinutes(2);

    /** A path and the answer it gives a first visitor. */
    private record Visit(String path, int status) {
    }

    private static final List<Visit> VISITS = List.of(new Visit("/actuator/health/readiness", 200),
            new Visit("/api/v1/dialects", 401), new Visit("/login", 200));

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        ConfigurableApplicationContext context = event.getApplicationContext();
        if (!context.getEnvironment().getProperty(PROPERTY, Boolean.class, false)) {
            return;
        }
        // Readiness turns UP after this event's listeners: the visits run beside them.
        Thread visits = new Thread(() -> System.exit(train(context, DEADLINE)), "training-run");
        visits.start();
    }

    /** Visits each path, closes the context; the exit code: 0 when every visit got its answer in time. */
    static int train(ConfigurableApplicationContext context, Duration patience) {
        int failures = 0;
        try {
            int port = ((WebServerApplicationContext) context).getWebServer().getPort();
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
            long deadline = System.nanoTime() + patience.toNanos();
            for (Visit visit : VISITS) {
                int status = visit(client, URI.create("http://127.0.0.1:" + port + visit.path()), visit.status(), deadline);
                if (status != visit.status()) {
                    LOG.error("Training run: {} answered {}, expected {}", visit.path(), status, visit.status());
                    failures++;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failures++;
        }
        return Math.max(SpringApplication.exit(context), failures == 0 ? 0 : 1);
    }

    /** The status, asked again every 100 ms until it is the expected one or the deadline passes. */
    private static int visit(HttpClient client, URI uri, int expected, long deadline) throws InterruptedException {
        while (true) {
            int status;
            try {
                status = client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode();
            } catch (IOException notYet) {
                status = -1;
            }
            if (status == expected || System.nanoTime() > deadline) {
                return status;
            }
            Thread.sleep(100);
        }
    }
}
