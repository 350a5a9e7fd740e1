package io.loadsmith.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Benchmark 6: the packaged jar started as a user starts it, on an H2 file: time until the API
 * answers, and the live heap after a full GC, with the demo data (the baseline) and with a store
 * of 10,000 loads.
 */
final class StartupBench {

    private static final Pattern USED = Pattern.compile("used (\\d+)K");

    private StartupBench() {
    }

    static Table run(Path jar, int loads) throws Exception {
        Table table = new Table("6. Start-up of the jar on an H2 file", "store", "time to first API answer s",
                "heap after start MB (live, after GC)", "ratio to demo");
        Path demoDir = Files.createTempDirectory("loadsmith-demo");
        double[] demo = measure(jar, demoDir);
        table.row("demo data", Table.f2(demo[0]), Table.f1(demo[1]), "1.00");

        Path bigDir = Files.createTempDirectory("loadsmith-big");
        measure(jar, bigDir); // creates the schema and the demo data
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + bigDir.resolve("loadsmith"), "sa", "");
             Statement st = c.createStatement()) {
            String script = StoreBenchmarks.resource("bench/populate.sql").replace(":package", "bench_startup")
                    .replace(":count", String.valueOf(loads));
            for (String statement : script.split(";\\s*\\n")) {
                String sql = statement.replaceAll("(?m)^--.*$", "").strip();
                if (!sql.isEmpty()) {
                    st.execute(sql);
                }
            }
        }
        double[] big = measure(jar, bigDir);
        table.row(loads + " loads", Table.f2(big[0]), Table.f1(big[1]), Table.f2(big[0] / demo[0]) + " time, "
                + Table.f2(big[1] / demo[1]) + " heap");
        return table.note("java -Xmx1g -jar target/loadsmith.jar on a fresh H2 file; ready = the first answer from "
                + "GET /api/v1/dialects (401: up, without a token), polled every 50 ms; heap from jcmd GC.heap_info after jcmd GC.run.");
    }

    /** Seconds until the API answers, and live heap in MB after a full GC. */
    private static double[] measure(Path jar, Path dataDir) throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        long start = System.nanoTime();
        Process process = new ProcessBuilder(List.of("java", "-Xmx1g", "-jar", jar.toString(),
                "--server.port=" + port,
                "--spring.datasource.url=jdbc:h2:file:" + dataDir.resolve("loadsmith") + ";AUTO_SERVER=FALSE",
                "--logging.level.root=WARN"))
                .redirectErrorStream(true).redirectOutput(dataDir.resolve("app.log").toFile()).start();
        try {
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(200)).build();
            HttpRequest ping = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/dialects")).build();
            double ready = -1;
            while (ready < 0) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the app stopped; see " + dataDir.resolve("app.log"));
                }
                if ((System.nanoTime() - start) / 1e9 > 120) {
                    throw new IllegalStateException("not ready after 120 s; see " + dataDir.resolve("app.log"));
                }
                try {
                    // 401: up, and asking for a token (the admin exists before the port opens).
                    if (client.send(ping, HttpResponse.BodyHandlers.discarding()).statusCode() == 401) {
                        ready = (System.nanoTime() - start) / 1e9;
                    }
                } catch (IOException notYet) {
                    Thread.sleep(50);
                }
            }
            jcmd(process.pid(), "GC.run");
            Matcher used = USED.matcher(jcmd(process.pid(), "GC.heap_info"));
            double heapMb = used.find() ? Long.parseLong(used.group(1)) / 1024.0 : Double.NaN;
            return new double[] {ready, heapMb};
        } finally {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    private static String jcmd(long pid, String command) throws Exception {
        Process jcmd = new ProcessBuilder("jcmd", String.valueOf(pid), command).redirectErrorStream(true).start();
        String out = new String(jcmd.getInputStream().readAllBytes());
        jcmd.waitFor(30, TimeUnit.SECONDS);
        return out;
    }
}
