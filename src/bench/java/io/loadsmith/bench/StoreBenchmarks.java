package io.loadsmith.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.loadsmith.LoadsmithApplication;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.export.DeflatedPackage;
import io.loadsmith.export.SqlPackageExporter;
import io.loadsmith.generation.DatatypeOverrides;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.generation.ModelLocalizer;
import io.loadsmith.generation.RawRender;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.render.FreemarkerEngine;
import io.loadsmith.packages.PackageVersionService;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * Benchmarks 2, 3 and the export half of 5, on the whole application over PostgreSQL 17:
 * whole-package export against the sum of raw render times (and the statements it takes), and
 * preview latency over HTTP with 16 clients against a trivial endpoint of the same server.
 */
final class StoreBenchmarks {

    private StoreBenchmarks() {
    }

    static List<Table> run(int[] exportSizes, int previewStore, int previewRequests) throws Exception {
        // -Dbench.store.export=false: table 3 alone, for quick A/B runs of the preview (its table 2 stays empty).
        if (!Boolean.parseBoolean(System.getProperty("bench.store.export", "true"))) {
            exportSizes = new int[0];
        }
        previewRequests = Integer.getInteger("bench.store.requests", previewRequests);
        Table export = new Table("2. Whole-package export from the PostgreSQL store (SCD2 loads, 30 attributes)",
                "loads", "export s", "of which read s", "generate and deflate s", "write zip s", "raw render s (loads + DDL)", "of which DDL s", "ratio (goal <= 1.3)", "ratio to the loads alone",
                "SQL statements", "zip MB", "heap after MB");
        Table preview = new Table("3. Preview latency over HTTP, 16 concurrent clients and one, store of " + previewStore + " loads",
                "endpoint", "clients", "requests", "p50 ms (goal with 1 client <= 3)", "p95 ms (goal with 16 clients <= 25)",
                "p99 ms", "requests/s", "server CPU ms/request", "JVM CPU ms/request", "PostgreSQL CPU ms/request");
        export.note("Export = read the package from the store, generate DDL and every load (each file deflated and hashed "
                + "where it is generated, since issue 18.5), write the zip; best of 3 (2 above 20,000 loads) after exports of 30,000 loads or more as JIT warm-up (until 2026-12-05 three exports at every size). Raw render = "
                + "what the export renders, FreeMarker alone: the cached scd2 template processed with prebuilt models for the "
                + "same number of loads, and the cached create_table template for their target tables, summed (until "
                + "2026-12-04 the baseline left the DDL out: the last column keeps that ratio). "
                + "Statements: those the package's read prepares, counted at the DataSource (CountedStatements, Hibernate and JDBC alike; until 2026-12-04 night Hibernate's statistics, which JDBC reads bypass): they stay flat as loads grow (no N+1).");
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
             // Command-line arguments, so that they win over application.properties (H2 under ./data).
             ConfigurableApplicationContext app = new SpringApplicationBuilder(LoadsmithApplication.class, io.loadsmith.store.CountedStatements.class).run(
                     "--spring.datasource.url=" + pg.getJdbcUrl("postgres", "postgres"),
                     "--spring.datasource.username=postgres",
                     "--spring.datasource.password=postgres",
                     "--server.port=0",
                     "--spring.datasource.hikari.maximum-pool-size=20",
                     "--logging.level.root=WARN")) {
            postgresPort = pg.getPort();
            DataSource ds = app.getBean(DataSource.class);
            PackageVersionService versions = app.getBean(PackageVersionService.class);
            SqlPackageExporter exporter = app.getBean(SqlPackageExporter.class);
            io.loadsmith.packages.PackageSnapshots snapshots = app.getBean(io.loadsmith.packages.PackageSnapshots.class);
            RawBaseline raw = new RawBaseline();
            int populated = 0;
            for (int size : exportSizes) {
                String pkg = "bench_" + size;
                populate(ds, pkg, size);
                populated = Math.max(populated, size);
                long packageId = packageId(ds, pkg);
                // JIT warm-up: the same 30,000 loads or more at every size. Three exports of 1,000 loads left the
                // export's own paths half compiled while the raw render, measured after them, was warm:
                // 1,000 loads measured 1.68x the raw render after 30 exports against 2.76x after 3 (2026-12-05).
                for (int w = 0; w < Math.max(1, 30_000 / size); w++) {
                    versions.deflatedPackage(packageId, "working", "snowflake", null, GenerationOptions.NONE);
                }
                double best = Double.MAX_VALUE;
                double[] parts = new double[3];
                long statements = 0;
                long zipBytes = 0;
                for (int r = 0; r < (size > 20_000 ? 2 : 3); r++) {
                    long start = System.nanoTime();
                    var document = snapshots.read(packageId);
                    long read = System.nanoTime();
                    // As the API's download does: each file deflated where it is generated, then the zip streamed.
                    DeflatedPackage sql = exporter.deflated(document, "working", "snowflake", null, GenerationOptions.NONE);
                    long generated = System.nanoTime();
                    // Streamed as the API and the command line stream it: counted, not kept.
                    CountingStream zip = new CountingStream();
                    exporter.writeZip(sql, zip);
                    zipBytes = zip.count;
                    long end = System.nanoTime();
                    if ((end - start) / 1e9 < best) {
                        best = (end - start) / 1e9;
                        parts = new double[] {(read - start) / 1e9, (generated - read) / 1e9, (end - generated) / 1e9};
                    }
                }
                // Counted apart from the timed runs (the counting wraps each JDBC object in a proxy).
                statements = io.loadsmith.store.CountedStatements.count(() -> snapshots.read(packageId)).counts().statements();
                double[] rawParts = raw.seconds(size);
                double rawSeconds = rawParts[0] + rawParts[1];
                long heap = GeneratorThroughput.usedHeap();
                export.row(size, Table.f2(best), Table.f2(parts[0]), Table.f2(parts[1]), Table.f2(parts[2]), Table.f2(rawSeconds), Table.f2(rawParts[1]),
                        Table.f2(best / rawSeconds), Table.f2(best / rawParts[0]), statements,
                        Table.f1(zipBytes / 1e6), Table.f1(heap / 1e6));
            }
            if (previewRequests == 0) {
                return List.of(export);
            }
            if (populated < previewStore) {
                populate(ds, "bench_preview", previewStore);
            }
            int port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
            // Calls carry a READ token, as deployment tooling's do: its check is part of the latency.
            app.getBean(io.loadsmith.account.AccountService.class).create("bench", "bench-password-of-16", io.loadsmith.identity.Role.VIEWER);
            bearer = "Bearer " + app.getBean(io.loadsmith.account.token.ApiTokenService.class)
                    .issue("bench", "bench", io.loadsmith.account.token.TokenScope.READ).secret();
            long[] ids = loadIds(ds);
            java.util.function.IntFunction<String> baseline = i -> "/api/v1/dialects";
            java.util.function.IntFunction<String> sql =
                    i -> "/api/v1/loads/" + ids[ThreadLocalRandom.current().nextInt(ids.length)] + "/sql?dialect=snowflake";
            for (int clients : new int[] {16, 1}) {
                latency(preview, "GET /api/v1/dialects (baseline)", clients, port, previewRequests, baseline);
                latency(preview, "GET /api/v1/loads/{id}/sql?dialect=snowflake", clients, port, previewRequests, sql);
            }
        }
        preview.note("Each row: 16 threads (or one), each with one kept-alive HTTP/1.1 connection over loopback (SocketClient: "
                + "blocking, no threads of its own; -Dbench.client=jdk for java.net.http, the client before 2026-12-04), "
                + previewRequests + " requests after " + WARM_UP + " warm-up requests; the baseline endpoint does no database or "
                + "template work. Server CPU: the request threads' CPU time during the measured requests, divided by their number. "
                + "JVM CPU: the whole process (server, the clients, GC, JIT). PostgreSQL CPU: the embedded server's processes "
                + "(the token check, and the preview's reads).");
        return List.of(export, preview);
    }

    private static void latency(Table table, String label, int clients, int port, int requests,
                                java.util.function.IntFunction<String> path) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            run(pool, clients, port, WARM_UP, path);
            Map<Long, Long> cpuBefore = serverCpu();
            long processBefore = processCpuNanos();
            long postgresBefore = postgresCpuNanos(postgresPort);
            long start = System.nanoTime();
            long[] nanos = run(pool, clients, port, requests, path);
            double seconds = (System.nanoTime() - start) / 1e9;
            long cpu = serverCpu().entrySet().stream().mapToLong(e -> e.getValue() - cpuBefore.getOrDefault(e.getKey(), 0L)).sum();
            long process = processCpuNanos() - processBefore;
            long postgres = postgresCpuNanos(postgresPort) - postgresBefore;
            Arrays.sort(nanos);
            table.row(label, clients, requests, Table.f1(pct(nanos, 50)), Table.f1(pct(nanos, 95)), Table.f1(pct(nanos, 99)),
                    Table.f1(requests / seconds), Table.f2(cpu / 1e6 / requests), Table.f2(process / 1e6 / requests),
                    Table.f2(postgres / 1e6 / requests));
        } finally {
            pool.shutdownNow();
        }
    }

    /** The whole JVM's CPU: server, clients, GC and JIT. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /**
     * CPU of the embedded PostgreSQL on {@code port}: its postmaster (pg_ctl leaves it a child of
     * init, found by its "-p port" argument) and the backends under it, from /proc, so that another
     * PostgreSQL on the machine is not counted.
     */
    private static long postgresCpuNanos(int port) {
        Map<Long, long[]> stats = new java.util.HashMap<>(); // pid -> {ppid, utime + stime}
        long postmaster = -1;
        java.io.File[] procs = new java.io.File("/proc").listFiles((d, n) -> n.chars().allMatch(Character::isDigit));
        for (java.io.File proc : procs == null ? new java.io.File[0] : procs) {
            try {
                String stat = java.nio.file.Files.readString(proc.toPath().resolve("stat"));
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long pid = Long.parseLong(proc.getName());
                stats.put(pid, new long[] {Long.parseLong(fields[1]), Long.parseLong(fields[11]) + Long.parseLong(fields[12])});
                String command = java.nio.file.Files.readString(proc.toPath().resolve("cmdline")).replace('\0', ' ');
                if (command.contains("bin/postgres ") && command.contains(" -p " + port + " ")) {
                    postmaster = pid;
                }
            } catch (java.io.IOException | RuntimeException gone) {
                // a process that ended while listed
            }
        }
        long ticks = 0;
        for (var e : stats.entrySet()) {
            for (long p = e.getKey(); p > 1; p = stats.getOrDefault(p, new long[] {0, 0})[0]) {
                if (p == postmaster) {
                    ticks += e.getValue()[1];
                    break;
                }
            }
        }
        return ticks * 10_000_000L; // USER_HZ is 100 on Linux
    }

    private static String bearer;
    private static int postgresPort;

    /**
     * CPU time of the server's request threads, by thread id. Latency on 2 shared cores moves with
     * whatever else runs; the CPU a request costs the server moves far less.
     */
    private static Map<Long, Long> serverCpu() {
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        Map<Long, Long> cpu = new java.util.HashMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("http-nio-") && t.getName().contains("-exec-")) {
                cpu.put(t.getId(), threads.getThreadCpuTime(t.getId()));
            }
        }
        return cpu;
    }

    /** Requests each row runs before it measures: 500 left the JIT compiling through the measurement. */
    private static final int WARM_UP = Integer.getInteger("bench.warmup", 5000);

    /** Where the benchmark's zip goes: its bytes counted, then dropped (a client's download). */
    private static final class CountingStream extends java.io.OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }

    private static long[] run(ExecutorService pool, int clients, int port, int requests,
                              java.util.function.IntFunction<String> path) throws Exception {
        long[] nanos = new long[requests];
        List<Future<?>> futures = new ArrayList<>();
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        for (int t = 0; t < clients; t++) {
            futures.add(pool.submit(() -> {
                try (SocketClient client = new SocketClient(port)) {
                    java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
                    for (int i = next.getAndIncrement(); i < requests; i = next.getAndIncrement()) {
                        String uri = path.apply(i);
                        body.reset();
                        long begin = System.nanoTime();
                        int status = JDK_CLIENT ? jdk(port, uri, body) : client.get(uri, bearer, body);
                        nanos[i] = System.nanoTime() - begin;
                        if (status != 200) {
                            throw new IllegalStateException(uri + " answered " + status + ": " + body);
                        }
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        return nanos;
    }

    /** -Dbench.client=jdk: java.net.http, the client of the runs before 2026-12-04 evening (for an A/B). */
    private static final boolean JDK_CLIENT = "jdk".equals(System.getProperty("bench.client"));
    private static final HttpClient JDK = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static int jdk(int port, String uri, java.io.ByteArrayOutputStream body) throws Exception {
        HttpResponse<byte[]> response = JDK.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + uri))
                .header("Authorization", bearer).build(), HttpResponse.BodyHandlers.ofByteArray());
        body.write(response.body());
        return response.statusCode();
    }

    private static double pct(long[] sorted, int percentile) {
        int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(index, sorted.length - 1))] / 1e6;
    }

    static void populate(DataSource ds, String pkg, int count) throws Exception {
        String script = resource("bench/populate.sql").replace(":package", pkg).replace(":count", String.valueOf(count));
        try (Connection c = ds.getConnection(); Statement st = c.createStatement()) {
            for (String statement : script.split(";\\s*\\n")) {
                String sql = statement.replaceAll("(?m)^--.*$", "").strip();
                if (!sql.isEmpty()) {
                    st.execute(sql);
                }
            }
        }
    }

    private static long packageId(DataSource ds, String pkg) throws Exception {
        try (Connection c = ds.getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("select id from metadata_package where name = '" + pkg + "'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long[] loadIds(DataSource ds) throws Exception {
        List<Long> ids = new ArrayList<>();
        try (Connection c = ds.getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("select id from entity_load")) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids.stream().mapToLong(Long::longValue).toArray();
    }

    static String resource(String name) throws Exception {
        try (var in = StoreBenchmarks.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Raw FreeMarker time for n SCD2 loads of the same shape, prebuilt models, best of two. */
    private static final class RawBaseline {
        private final FreemarkerEngine engine;
        private final RawRender raw;
        private final RawRender ddl;
        private final io.loadsmith.dialect.Dialect dialect = new DialectRegistry().get("snowflake");
        private final ModelLocalizer localizer = new ModelLocalizer(DatatypeOverrides.none());

        RawBaseline() throws Exception {
            LibraryTemplateSource library = new LibraryTemplateSource();
            engine = new FreemarkerEngine(new TemplateCatalog(List.of(library)), library);
            raw = new RawRender(engine, dialect, "templates/scd2");
            ddl = new RawRender(engine, dialect, "ddl/create_table");
        }

        /** Best of two rounds: the loads' render and the target tables' DDL render (what an export renders), summed. */
        double[] seconds(int n) throws Exception {
            List<LoadModel> models = SyntheticModels.scd2Loads(n);
            List<Map<String, Object>> loads = new ArrayList<>(n);
            List<Map<String, Object>> tables = new ArrayList<>(n);
            for (LoadModel m : models) {
                loads.add(raw.prebuild(m, localizer, Map.of("temp_table_prefix", "Z_TMP_")));
                tables.add(Map.of("entity", localizer.localize(m.target(), dialect)));
            }
            return new double[] {best(raw, loads), best(ddl, tables)};
        }

        private static double best(RawRender render, List<Map<String, Object>> data) throws Exception {
            double best = Double.MAX_VALUE;
            for (int r = 0; r < 2; r++) {
                long start = System.nanoTime();
                for (Map<String, Object> d : data) {
                    render.render(d);
                }
                best = Math.min(best, (System.nanoTime() - start) / 1e9);
            }
            return best;
        }
    }
}
