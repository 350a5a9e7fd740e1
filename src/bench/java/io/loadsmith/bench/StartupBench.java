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
import java.util.Map;
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
    /**
     * A Java 25 (or later) launcher to time beside the JVM that runs the bench, for the image's
     * runtime and its AOT cache: {@code -Dbench.startup.java25=/path/to/bin/java}; none by default.
     */
    private static final String JAVA25 = System.getProperty("bench.startup.java25", "");
    private static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

    private StartupBench() {
    }

    static Table run(Path jar, int loads) throws Exception {
        return run(jar, loads, 2);
    }

    static Table run(Path jar, int loads, int rounds) throws Exception {
        Table table = new Table("6. Start-up of the jar on an H2 file", "store", "start", "time to first API answer s (median)",
                "ready (readiness probe UP) s (median)", "heap after start MB (live, after GC)", "ratio to the empty web app");
        Path work = Files.createTempDirectory("loadsmith-start");
        Path ext = work.resolve("ext");
        run(work, List.of("java", "-Djarmode=tools", "-jar", jar.toString(), "extract", "--destination", ext.toString()));
        Path app = ext.resolve("loadsmith.jar");
        String emptyCp = ext.resolve("lib") + "/*:" + Path.of(StartupBench.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI());
        List<String> empty = List.of("-cp", emptyCp, "loadsmithbench.emptyweb.EmptyWebApp");
        // The CDS archive: one training start that runs until ready (TrainingRun). CDS maps classes
        // from plain jars only, and the class path at run must be the one of the dump: so the
        // extracted jar and its libraries, named one by one, and the main class.
        StringBuilder appCp = new StringBuilder(app.toString());
        try (var libs = Files.list(ext.resolve("lib"))) {
            libs.map(Path::toString).filter(n -> n.endsWith(".jar")).sorted().forEach(n -> appCp.append(':').append(n));
        }
        List<String> appMain = List.of("-cp", appCp.toString(), "io.loadsmith.LoadsmithApplication");
        Path appJsa = ext.resolve("loadsmith.jsa");
        train(work, appJsa, appMain, Files.createTempDirectory("loadsmith-train"));
        // AOT (the context prepared at build time by spring-boot:process-aot) loads other classes,
        // so it has an archive of its own.
        List<String> aotMain = concat(List.of("-Dspring.aot.enabled=true"), appMain);
        Path aotJsa = ext.resolve("loadsmith-aot.jsa");
        train(work, aotJsa, aotMain, Files.createTempDirectory("loadsmith-train-aot"));
        List<String> names = new java.util.ArrayList<>(List.of("empty Spring Boot web app (baseline)",
                "java -jar loadsmith.jar (before)", "extracted, class path, no CDS", "extracted, class path + CDS",
                "extracted, class path + CDS + AOT (-Dspring.aot.enabled=true)"));
        List<List<String>> commands = new java.util.ArrayList<>(List.of(
                empty,
                List.of("-jar", jar.toString()),
                appMain,
                concat(List.of("-XX:SharedArchiveFile=" + appJsa), appMain),
                concat(List.of("-XX:SharedArchiveFile=" + aotJsa), aotMain)));
        List<String> javas = new java.util.ArrayList<>(java.util.Collections.nCopies(commands.size(), "java"));
        int emptyOn25 = -1;
        if (!JAVA25.isEmpty()) {
            Path aotCache = ext.resolve("loadsmith.aot");
            trainAotCache(work, aotCache, aotMain, Files.createTempDirectory("loadsmith-train-25"));
            emptyOn25 = commands.size();
            names.add("Java 25: empty Spring Boot web app (its baseline)");
            commands.add(empty);
            names.add("Java 25: extracted, class path + AOT cache (-XX:AOTCache) + AOT");
            // As the image starts it: the render guard's native library loads without a warning.
            commands.add(concat(List.of("-XX:AOTCache=" + aotCache, NATIVE_ACCESS), aotMain));
            javas.add(JAVA25);
            javas.add(JAVA25);
        }
        double[][] ready = new double[commands.size()][rounds];
        double[][] heap = new double[commands.size()][rounds];
        double[][] up = new double[commands.size()][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int v = 0; v < commands.size(); v++) {
                double[] m = measure(javas.get(v), commands.get(v), Files.createTempDirectory("loadsmith-demo"));
                ready[v][r] = m[0];
                heap[v][r] = m[1];
                up[v][r] = m[2];
            }
        }
        double base = CliBench.median(ready[0]);
        for (int v = 0; v < commands.size(); v++) {
            boolean isEmpty = v == 0 || v == emptyOn25;
            // Each JVM's rows against the empty app on that JVM: started the same way.
            double own = emptyOn25 >= 0 && v >= emptyOn25 ? CliBench.median(ready[emptyOn25]) : base;
            table.row(isEmpty ? "none" : "demo data", names.get(v), Table.f2(CliBench.median(ready[v])),
                    isEmpty ? "" : Table.f2(CliBench.median(up[v])),
                    Table.f1(CliBench.median(heap[v])), Table.f2(CliBench.median(ready[v]) / own));
        }

        Path bigDir = Files.createTempDirectory("loadsmith-big");
        measure("java", commands.get(4), bigDir); // creates the schema and the demo data
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
        double[] big = measure("java", commands.get(4), bigDir);
        table.row(loads + " loads", names.get(4), Table.f2(big[0]), Table.f2(big[2]), Table.f1(big[1]), Table.f2(big[0] / base));
        if (emptyOn25 >= 0) {
            double[] big25 = measure(JAVA25, commands.get(emptyOn25 + 1), bigDir);
            table.row(loads + " loads", names.get(emptyOn25 + 1), Table.f2(big25[0]), Table.f2(big25[2]), Table.f1(big25[1]),
                    Table.f2(big25[0] / CliBench.median(ready[emptyOn25])));
        }
        return table.note(rounds + " alternating rounds of each start; java -Xmx1g on a fresh H2 file (flags as named; "
                + "the jar extracted with -Djarmode=tools extract, the CDS archive made from the class list of one "
                + "training start with -XX:DumpLoadedClassList and -Dloadsmith.training-run=true, which runs until ready and answers a first visitor's requests, then -Xshare:dump; until 2026-12-05 night the training stopped after the context refresh, -Dspring.context.exit=onRefresh); first answer = the first answer from "
                + "GET /api/v1/dialects (401: up, without a token), polled every 50 ms; ready = then GET /actuator/health/readiness 200 (after the administrator exists); heap from jcmd GC.heap_info after "
                + "jcmd GC.run. The baseline is an empty Spring Boot web application of the same Boot version "
                + "(src/bench/java/loadsmithbench/emptyweb), on the same jars, started the same way."
                + (JAVA25.isEmpty() ? "" : " Java 25 rows (-Dbench.startup.java25): the same jars on " + javaVersion(JAVA25)
                        + ", each against the empty app on that JVM; its AOT cache made by one training start as above with "
                        + "-XX:AOTMode=record, then -XX:AOTMode=create (JEP 483, 515)."));
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new java.util.ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /**
     * A static CDS archive (JDK 17): one training start that lists the classes it loads, answers a
     * first visitor's requests once ready and exits (the application's TrainingRun), then {@code -Xshare:dump} of that list on the same class path.
     * (A dynamic archive, -XX:ArchiveClassesAtExit, took minutes to write at exit on this machine.)
     */
    private static void train(Path work, Path jsa, List<String> command, Path dataDir) throws Exception {
        Path list = Path.of(jsa + ".classes");
        List<String> full = new java.util.ArrayList<>(List.of("java", "-Xmx1g", "-XX:DumpLoadedClassList=" + list,
                "-Dloadsmith.training-run=true"));
        full.addAll(command);
        full.add("--server.port=0");
        full.add("--spring.datasource.url=jdbc:h2:file:" + dataDir.resolve("loadsmith") + ";AUTO_SERVER=FALSE");
        run(work, full);
        run(work, List.of("java", "-Xshare:dump", "-XX:SharedClassListFile=" + list, "-XX:SharedArchiveFile=" + jsa,
                "-cp", command.get(command.indexOf("-cp") + 1)));
    }

    /**
     * A Java 25 AOT cache: the same training start recording with -XX:AOTMode=record, then the cache
     * created from that configuration. Two steps rather than -XX:AOTCacheOutput, which creates the
     * cache in a child JVM started from the JDK's own launcher instead of the one named.
     */
    private static void trainAotCache(Path work, Path cache, List<String> command, Path dataDir) throws Exception {
        Path config = Path.of(cache + "conf");
        String cp = command.get(command.indexOf("-cp") + 1);
        List<String> full = new java.util.ArrayList<>(List.of(JAVA25, "-Xmx1g", NATIVE_ACCESS, "-XX:AOTMode=record",
                "-XX:AOTConfiguration=" + config, "-Dloadsmith.training-run=true"));
        full.addAll(command);
        full.add("--server.port=0");
        full.add("--spring.datasource.url=jdbc:h2:file:" + dataDir.resolve("loadsmith") + ";AUTO_SERVER=FALSE");
        run(work, full);
        run(work, List.of(JAVA25, "-Xmx1g", NATIVE_ACCESS, "-XX:AOTMode=create", "-XX:AOTConfiguration=" + config,
                "-XX:AOTCache=" + cache, "-cp", cp));
    }

    private static String javaVersion(String java) throws Exception {
        Process p = new ProcessBuilder(java, "-version").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).lines().findFirst().orElse("?");
        p.waitFor(30, TimeUnit.SECONDS);
        return out.replace("\"", "");
    }

    private static void run(Path dir, List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("run.log").toFile()).start();
        if (!p.waitFor(900, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("failed: " + command + "; see " + dir.resolve("run.log"));
        }
    }

    /** Seconds until the API answers, live heap in MB after a full GC, seconds until the readiness probe is UP. */
    private static double[] measure(String java, List<String> command, Path dataDir) throws Exception {
        List<String> full = new java.util.ArrayList<>(List.of(java, "-Xmx1g"));
        full.addAll(command);
        return measure(full, Map.of(), dataDir);
    }

    /** As above for a whole command line (a launcher, its JVM options in {@code env}); the port, store and log level appended. */
    static double[] measure(List<String> command, Map<String, String> env, Path dataDir) throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        long start = System.nanoTime();
        List<String> full = new java.util.ArrayList<>(command);
        full.addAll(List.of("--server.port=" + port,
                "--spring.datasource.url=jdbc:h2:file:" + dataDir.resolve("loadsmith") + ";AUTO_SERVER=FALSE",
                "--logging.level.root=WARN"));
        ProcessBuilder builder = new ProcessBuilder(full)
                .redirectErrorStream(true).redirectOutput(dataDir.resolve("app.log").toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
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
                    // 401: up, and asking for a token.
                    if (client.send(ping, HttpResponse.BodyHandlers.discarding()).statusCode() == 401) {
                        ready = (System.nanoTime() - start) / 1e9;
                    }
                } catch (IOException notYet) {
                    Thread.sleep(50);
                }
            }
            double up = ready;
            if (command.stream().noneMatch(a -> a.contains("emptyweb"))) {
                HttpRequest probe = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/health/readiness")).build();
                while (status(client, probe) != 200) {
                    if ((System.nanoTime() - start) / 1e9 > 120) {
                        throw new IllegalStateException("not ready after 120 s; see " + dataDir.resolve("app.log"));
                    }
                    Thread.sleep(20);
                }
                up = (System.nanoTime() - start) / 1e9;
            }
            jcmd(process.pid(), "GC.run");
            Matcher used = USED.matcher(jcmd(process.pid(), "GC.heap_info"));
            double heapMb = used.find() ? Long.parseLong(used.group(1)) / 1024.0 : Double.NaN;
            return new double[] {ready, heapMb, up};
        } finally {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    /** The status, or -1 when the connection timed out (a busy machine: the 200 ms connect timeout). */
    private static int status(HttpClient client, HttpRequest request) throws InterruptedException {
        try {
            return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException busy) {
            return -1;
        }
    }

    private static String jcmd(long pid, String command) throws Exception {
        Process jcmd = new ProcessBuilder("jcmd", String.valueOf(pid), command).redirectErrorStream(true).start();
        String out = new String(jcmd.getInputStream().readAllBytes());
        jcmd.waitFor(30, TimeUnit.SECONDS);
        return out;
    }

    public static void main(String[] args) throws Exception {
        System.out.println(run(Path.of(args.length > 0 ? args[0] : "target/loadsmith.jar").toAbsolutePath(),
                args.length > 1 ? Integer.parseInt(args[1]) : 10_000, args.length > 2 ? Integer.parseInt(args[2]) : 2).markdown());
    }
}
