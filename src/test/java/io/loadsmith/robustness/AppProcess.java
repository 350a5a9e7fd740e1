package io.loadsmith.robustness;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.loadsmith.security.TestAccounts;

/** Loadsmith started as its own process from the test class path, as a user or a crash would see it. */
final class AppProcess implements AutoCloseable {

    final Process process;
    final int port;
    final Path log;
    private String bearer;

    private AppProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    static AppProcess start(Path log, String... arguments) throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-cp", System.getProperty("java.class.path"), "io.loadsmith.LoadsmithApplication",
                "--server.port=" + port, "--logging.level.root=WARN",
                "--loadsmith.admin.password=" + TestAccounts.PASSWORD));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        AppProcess app = new AppProcess(process, port, log);
        app.awaitReady();
        return app;
    }

    String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    HttpResponse<String> get(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url(path)))
                        .header("Authorization", bearer()).build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * "Bearer ..." of a WRITE token of the administrator, made as a person would: sign in with the
     * form (its CSRF token from the page), then POST /api/v1/tokens with the session.
     */
    synchronized String bearer() throws Exception {
        if (bearer == null) {
            HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
            String login = browser.send(HttpRequest.newBuilder(URI.create(url("/login"))).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            String form = "username=admin&password=" + URLEncoder.encode(TestAccounts.PASSWORD, StandardCharsets.UTF_8)
                    + "&_csrf=" + URLEncoder.encode(between(login, "name=\"_csrf\" value=\"", "\""), StandardCharsets.UTF_8);
            browser.send(HttpRequest.newBuilder(URI.create(url("/login")))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.discarding());
            String account = browser.send(HttpRequest.newBuilder(URI.create(url("/account"))).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            HttpResponse<String> token = browser.send(HttpRequest.newBuilder(URI.create(url("/api/v1/tokens")))
                    .header("Content-Type", "application/json")
                    .header("X-CSRF-TOKEN", between(account, "<meta name=\"_csrf\" content=\"", "\""))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"test\",\"scope\":\"WRITE\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (token.statusCode() != 201) {
                throw new IllegalStateException("could not create a token: " + token.statusCode() + " " + token.body());
            }
            bearer = "Bearer " + between(token.body(), "\"secret\":\"", "\"");
        }
        return bearer;
    }

    private static String between(String text, String before, String after) {
        int start = text.indexOf(before);
        if (start < 0) {
            throw new IllegalStateException("no " + before + " in " + text);
        }
        start += before.length();
        return text.substring(start, text.indexOf(after, start));
    }

    private void awaitReady() throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(500)).build();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Loadsmith stopped while starting; see " + log);
            }
            try {
                // Readiness, not the first answer: the port opens before the administrator is created.
                if (client.send(HttpRequest.newBuilder(URI.create(url("/actuator/health/readiness"))).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                Thread.sleep(200);
            }
        }
        throw new IllegalStateException("Loadsmith not ready after 120 s; see " + log);
    }

    /** SIGKILL: no shutdown hooks, no clean close of the store. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            kill();
        }
    }
}
