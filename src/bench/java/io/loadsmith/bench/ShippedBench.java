package io.loadsmith.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Benchmarks 17 and 18: what a user runs after {@code mvn package}, with no step by hand:
 * {@code bin/loadsmith} on the layout the build made (target/loadsmith: the extracted jar and its
 * training runs' CDS archives, ops/build-layout.sh), against {@code java -jar target/loadsmith.jar}
 * and each one's baseline in the same run: {@code java -version} for the command line, the empty
 * Spring Boot web app (table 6's) for the server.
 */
final class ShippedBench {

    private ShippedBench() {
    }

    static List<Table> run(Path root, Path packageJson, int cliRounds, int serverRounds) throws Exception {
        Path layout = root.resolve("target/loadsmith");
        Path launcher = root.resolve("bin/loadsmith");
        Path jar = root.resolve("target/loadsmith.jar");
        if (!Files.exists(layout.resolve("server.jsa")) || !Files.exists(layout.resolve("cli.jsa"))) {
            throw new IllegalStateException("no archives in " + layout + ": build without -Dloadsmith.skipTraining");
        }
        return List.of(cli(launcher, jar, packageJson, cliRounds), server(launcher, jar, layout, serverRounds));
    }

    private static Table cli(Path launcher, Path jar, Path packageJson, int rounds) throws Exception {
        Path work = Files.createTempDirectory("loadsmith-shipped-cli");
        List<String> export = List.of("export", "--package", packageJson.toString(), "--dialect", "snowflake", "--out");
        List<String> names = List.of("java -version (baseline)", "java -jar target/loadsmith.jar export (before)",
                "bin/loadsmith export");
        List<List<String>> commands = List.of(List.of("java", "-version"),
                with(List.of("java", "-jar", jar.toString()), export, work.resolve("out-jar").toString()),
                with(List.of(launcher.toString()), export, work.resolve("out-launcher").toString()));
        double[][] wall = new double[commands.size()][rounds];
        double[][] cpu = new double[commands.size()][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int v = 0; v < commands.size(); v++) { // alternating, so load on the machine hits all alike
                double[] m = CliBench.exec(work, commands.get(v));
                wall[v][r] = m[0];
                cpu[v][r] = m[1];
            }
        }
        Table table = new Table("18. As shipped: the command line (bin/loadsmith export of a 10-load package)", "command",
                "median wall s", "min wall s", "median CPU s (user+sys)", "wall ratio to java -version");
        double base = CliBench.median(wall[0]);
        for (int v = 0; v < commands.size(); v++) {
            table.row(names.get(v), Table.f2(CliBench.median(wall[v])), Table.f2(java.util.Arrays.stream(wall[v]).min().orElse(0)),
                    Table.f2(CliBench.median(cpu[v])), Table.f1(CliBench.median(wall[v]) / base));
        }
        return table.note(rounds + " alternating rounds; the package of table 10 (the vessel package's entity and load "
                + "copied 10 times); CPU from /usr/bin/time. bin/loadsmith as built by mvn package: the extracted jar, the "
                + "archive of one training export (-XX:ArchiveClassesAtExit), -XX:TieredStopAtLevel=1 -XX:+UseSerialGC. "
                + "Goal: at most 20x java -version.");
    }

    private static Table server(Path launcher, Path jar, Path layout, int rounds) throws Exception {
        String emptyCp = layout.resolve("lib") + "/*:" + Path.of(ShippedBench.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI());
        List<String> names = List.of("empty Spring Boot web app (baseline)", "java -jar target/loadsmith.jar (before)",
                "bin/loadsmith serve", "bin/loadsmith serve, restart (the store of the row above)");
        List<String> serve = List.of(launcher.toString(), "serve");
        List<List<String>> commands = List.of(List.of("java", "-Xmx1g", "-cp", emptyCp, "loadsmithbench.emptyweb.EmptyWebApp"),
                List.of("java", "-Xmx1g", "-jar", jar.toString()), serve, serve);
        List<Map<String, String>> envs = List.of(Map.of(), Map.of(), Map.of("JAVA_OPTS", "-Xmx1g"), Map.of("JAVA_OPTS", "-Xmx1g"));
        double[][] answer = new double[commands.size()][rounds];
        double[][] ready = new double[commands.size()][rounds];
        double[][] heap = new double[commands.size()][rounds];
        for (int r = 0; r < rounds; r++) {
            Path store = null;
            for (int v = 0; v < commands.size(); v++) {
                // The last row starts again on the store the row before it created and migrated: what a user's
                // every start after the first is (no migrations, the administrator already there).
                store = v == commands.size() - 1 ? store : Files.createTempDirectory("loadsmith-shipped");
                double[] m = StartupBench.measure(commands.get(v), envs.get(v), store);
                answer[v][r] = m[0];
                heap[v][r] = m[1];
                ready[v][r] = m[2];
            }
        }
        Table table = new Table("19. As shipped: the server start (bin/loadsmith serve, JDK 17)", "command",
                "time to first API answer s (median)", "ready (readiness probe UP) s (median)",
                "heap after start MB (live, after GC)", "ratio to the empty web app");
        double base = CliBench.median(answer[0]);
        for (int v = 0; v < commands.size(); v++) {
            table.row(names.get(v), Table.f2(CliBench.median(answer[v])), v == 0 ? "" : Table.f2(CliBench.median(ready[v])),
                    Table.f1(CliBench.median(heap[v])), Table.f2(CliBench.median(answer[v]) / base));
        }
        return table.note(rounds + " alternating rounds of each start, -Xmx1g, on a fresh H2 file with the demo data "
                + "(a first start: every migration, then the administrator created), the last row on the store of the row above, "
                + "measured as table 6 (first answer: GET /api/v1/dialects answers 401; ready: the readiness probe 200). "
                + "bin/loadsmith serve as built by mvn package: the extracted jar, Spring AOT (-Dspring.aot.enabled=true) "
                + "and the static archive of one training start (its class list, then -Xshare:dump; "
                + "io.loadsmith.ops.TrainingRun on an in-memory H2). The empty app on the extracted jars, started without an archive. Goal: at most 2x the "
                + "empty web app.");
    }

    private static List<String> with(List<String> a, List<String> b, String last) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        out.add(last);
        return out;
    }
}
