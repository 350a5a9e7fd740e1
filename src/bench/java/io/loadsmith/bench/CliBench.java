package io.loadsmith.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Benchmark 10: {@code java -jar loadsmith.jar export} of a 10-load package, as CI calls it, against
 * {@code java -version} in the same run: the fat jar as built, the jar extracted with
 * {@code -Djarmode=tools extract}, and the extracted jar with a class-data-sharing archive made by
 * one training export (and, for a short run, the C1 compiler only). Every variant's files must be
 * byte-identical to the fat jar's (whose output equals the API's: SqlPackageExportTest).
 */
final class CliBench {

    private CliBench() {
    }

    static Table run(Path jar, Path packageJson, int rounds) throws Exception {
        Path work = Files.createTempDirectory("loadsmith-cli");
        Path ext = work.resolve("ext");
        exec(work, List.of("java", "-Djarmode=tools", "-jar", jar.toString(), "extract", "--destination", ext.toString()));
        Path app = ext.resolve("loadsmith.jar");
        Path jsa = ext.resolve("loadsmith-cli.jsa");
        List<String> export = List.of("export", "--package", packageJson.toString(), "--dialect", "snowflake", "--out");
        exec(work, concat(List.of("java", "-XX:ArchiveClassesAtExit=" + jsa, "-jar", app.toString()), export, "train"));
        String[][] variants = {
                {"java -version (baseline)"},
                {"java -jar loadsmith.jar (fat jar, before)"},
                {"extracted jar"},
                {"extracted + CDS archive"},
                {"extracted + CDS + -XX:TieredStopAtLevel=1"}};
        List<List<String>> commands = List.of(
                List.of("java", "-version"),
                concat(List.of("java", "-jar", jar.toString()), export, "out0"),
                concat(List.of("java", "-jar", app.toString()), export, "out1"),
                concat(List.of("java", "-XX:SharedArchiveFile=" + jsa, "-jar", app.toString()), export, "out2"),
                concat(List.of("java", "-XX:SharedArchiveFile=" + jsa, "-XX:TieredStopAtLevel=1", "-jar", app.toString()),
                        export, "out3"));
        double[][] wall = new double[commands.size()][rounds];
        double[][] cpu = new double[commands.size()][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int v = 0; v < commands.size(); v++) { // alternating, so load on the machine hits all alike
                double[] m = exec(work, commands.get(v));
                wall[v][r] = m[0];
                cpu[v][r] = m[1];
            }
        }
        Table table = new Table("10. Command line: export of a 10-load package", "variant", "median wall s",
                "min wall s", "median CPU s (user+sys)", "wall ratio to java -version", "files identical to the fat jar's");
        for (int v = 0; v < commands.size(); v++) {
            String same = v < 2 ? "" : identical(work.resolve("out0"), work.resolve("out" + (v - 1))) ? "yes" : "NO";
            table.row(variants[v][0], Table.f2(median(wall[v])), Table.f2(Arrays.stream(wall[v]).min().orElse(0)),
                    Table.f2(median(cpu[v])), Table.f1(median(wall[v]) / median(wall[0])), same);
        }
        return table.note(rounds + " alternating rounds; the package is the vessel package with its entity and load "
                + "copied 10 times (src/test/resources/packages/vessel.json); CPU from /usr/bin/time. The archive is "
                + "made once by a training export with -XX:ArchiveClassesAtExit and is valid only for the JDK that made "
                + "it (see docs/operations.md, \"Fast start-up of the command line\"). Goal: at most 1.5 s wall on 2 cores.");
    }

    private static List<String> concat(List<String> a, List<String> b, String last) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        out.add(last);
        return out;
    }

    /** Wall and CPU seconds of one run. */
    static double[] exec(Path dir, List<String> command) throws Exception {
        Path times = dir.resolve("times.txt");
        List<String> timed = new ArrayList<>(List.of("/usr/bin/time", "-f", "%U %S", "-o", times.toString()));
        timed.addAll(command);
        long start = System.nanoTime();
        Process p = new ProcessBuilder(timed).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("run.log").toFile()).start();
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("failed: " + command + "; see " + dir.resolve("run.log"));
        }
        double wall = (System.nanoTime() - start) / 1e9;
        String[] t = Files.readString(times).trim().split("\\s+");
        return new double[] {wall, Double.parseDouble(t[t.length - 2]) + Double.parseDouble(t[t.length - 1])};
    }

    private static boolean identical(Path a, Path b) throws Exception {
        List<Path> fa = files(a);
        if (!fa.equals(files(b))) {
            return false;
        }
        for (Path f : fa) {
            if (!Arrays.equals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)))) {
                return false;
            }
        }
        return !fa.isEmpty();
    }

    private static List<Path> files(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(root::relativize).sorted(Comparator.naturalOrder()).toList();
        }
    }

    static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    /** Writes the 10-load package used by the benchmark. */
    static Path tenLoadPackage(Path dir) throws Exception {
        String vessel = StoreBenchmarks.resource("packages/vessel.json");
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var root = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(vessel);
        var entity = root.withArray("entities").get(0);
        var load = root.withArray("loads").get(0);
        var entities = mapper.createArrayNode();
        var loads = mapper.createArrayNode();
        for (int i = 0; i < 10; i++) {
            var e = ((com.fasterxml.jackson.databind.node.ObjectNode) entity.deepCopy());
            e.put("name", "D_VESSEL" + i + "_SCD2").put("logicalName", "VESSEL" + i);
            entities.add(e);
            var l = ((com.fasterxml.jackson.databind.node.ObjectNode) load.deepCopy());
            l.put("name", "load_d_vessel" + i + "_scd2").put("target", "publish.D_VESSEL" + i + "_SCD2");
            loads.add(l);
        }
        root.set("entities", entities);
        root.set("loads", loads);
        root.put("name", "ten");
        Path file = dir.resolve("ten.json");
        Files.writeString(file, mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root));
        return file;
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args.length > 0 ? args[0] : "target/loadsmith.jar").toAbsolutePath();
        Path pkg = tenLoadPackage(Files.createTempDirectory("loadsmith-cli-pkg"));
        System.out.println(run(jar, pkg, args.length > 1 ? Integer.parseInt(args[1]) : 5).markdown());
    }
}
