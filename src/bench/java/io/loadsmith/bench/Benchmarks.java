package io.loadsmith.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the benchmarks and writes docs/benchmarks.md. Each figure comes with its baseline from
 * the same run, so the ratios hold on other machines even where the absolute numbers do not.
 * {@code mvn -Pbench -DskipTests verify}; pass "quick" as a second argument for smaller sizes.
 */
public final class Benchmarks {

    private Benchmarks() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/benchmarks.md");
        boolean quick = args.length > 1 && "quick".equals(args[1]);
        List<Table> tables = new ArrayList<>();
        tables.add(GeneratorThroughput.run(quick ? new int[] {1000} : new int[] {1000, 10_000, 50_000}, quick ? 2 : 3));
        System.out.println(tables.get(tables.size() - 1).markdown());
        tables.add(EngineMerge.run(quick ? 100_000 : 1_000_000));
        System.out.println(tables.get(tables.size() - 1).markdown());
        for (Table t : StoreBenchmarks.run(quick ? new int[] {1000} : new int[] {1000, 10_000, 50_000},
                quick ? 2000 : 10_000, quick ? 2000 : 8000)) {
            tables.add(t);
            System.out.println(t.markdown());
        }
        tables.add(ImportBench.run(quick ? new int[] {200, 1000} : new int[] {200, 1000, 5000}));
        tables.add(TryItBench.run(quick ? 3 : 7));
        System.out.println(tables.get(tables.size() - 1).markdown());
        Path jar = out.toAbsolutePath().getParent().getParent().resolve("target/loadsmith.jar");
        tables.add(StartupBench.run(jar, quick ? 1000 : 10_000));
        System.out.println(tables.get(tables.size() - 1).markdown());
        write(out, tables);
    }

    private static void write(Path out, List<Table> tables) throws IOException {
        StringBuilder md = new StringBuilder("# Benchmarks\n\n");
        md.append("Written by `mvn -Pbench -DskipTests verify` on ").append(LocalDate.now()).append(".\n\n");
        md.append("Machine: ").append(machine()).append("\n\n");
        tables.forEach(t -> md.append(t.markdown()));
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString());
    }

    static String machine() {
        String cpu = "unknown CPU";
        try {
            cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse(cpu);
        } catch (IOException ignored) {
            // not Linux: leave it unknown
        }
        Runtime rt = Runtime.getRuntime();
        return rt.availableProcessors() + " cores (" + cpu + "), max heap " + rt.maxMemory() / (1024 * 1024)
                + " MB, Java " + System.getProperty("java.version") + ", " + System.getProperty("os.name");
    }
}
