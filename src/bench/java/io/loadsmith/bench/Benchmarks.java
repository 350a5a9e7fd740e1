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
 * {@code mvn -Pbench -DskipTests verify}; pass "quick" as a second argument for smaller sizes, and
 * {@code -Dbench.only=history,cli} (generator, scaling, engine, store, import, tryit, startup, history, audits, cli, renders, pool, dv, dvgen, livepreview, shipped) to run
 * only those and replace only their tables in the file.
 */
public final class Benchmarks {

    private Benchmarks() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/benchmarks.md");
        boolean quick = args.length > 1 && "quick".equals(args[1]);
        // -Dbench.only=history,cli (names below) runs those alone and replaces only their tables.
        String only = System.getProperty("bench.only", "all").trim();
        java.util.Set<String> selected = "all".equals(only) || only.isEmpty() ? null
                : new java.util.HashSet<>(List.of(only.split("\\s*,\\s*")));
        java.util.function.Predicate<String> on = name -> selected == null || selected.contains(name);
        List<Table> tables = new ArrayList<>();
        if (on.test("generator")) {
            tables.add(GeneratorThroughput.run(quick ? new int[] {1000} : new int[] {1000, 10_000, 50_000}, quick ? 2 : 3));
            System.out.println(tables.get(tables.size() - 1).markdown());
        }
        if (on.test("generator") || on.test("scaling")) {
            tables.add(GeneratorScaling.run(quick ? 2000 : 10_000, quick ? 3 : 5));
            System.out.println(tables.get(tables.size() - 1).markdown());
        }
        if (on.test("engine")) {
            tables.add(EngineMerge.run(quick ? 100_000 : 1_000_000));
            System.out.println(tables.get(tables.size() - 1).markdown());
        }
        if (on.test("store")) {
            // -Dbench.export.sizes=10000,50000 and -Dbench.preview.requests=0: one half alone, for before/after pairs.
            int[] exportSizes = System.getProperty("bench.export.sizes") == null
                    ? (quick ? new int[] {1000} : new int[] {1000, 10_000, 50_000})
                    : java.util.Arrays.stream(System.getProperty("bench.export.sizes").split(",")).mapToInt(Integer::parseInt).toArray();
            for (Table t : StoreBenchmarks.run(exportSizes, quick ? 2000 : 10_000,
                    Integer.getInteger("bench.preview.requests", quick ? 2000 : 8000))) {
                tables.add(t);
                System.out.println(t.markdown());
            }
        }
        if (on.test("import")) {
            tables.add(ImportBench.run(quick ? new int[] {200, 1000} : new int[] {200, 1000, 5000}));
        }
        if (on.test("tryit")) {
            tables.add(TryItBench.run(quick ? 3 : 7));
            System.out.println(tables.get(tables.size() - 1).markdown());
        }
        Path jar = out.toAbsolutePath().getParent().getParent().resolve("target/loadsmith.jar");
        if (on.test("startup")) {
            tables.add(StartupBench.run(jar, quick ? 1000 : 10_000));
            System.out.println(tables.get(tables.size() - 1).markdown());
        }
        if (on.test("history")) {
            tables.add(HistoryTemplates.run(quick ? 100_000 : 1_000_000));
            System.out.println(tables.get(tables.size() - 1).markdown());
        }
        if (on.test("audits")) {
            tables.add(AuditBench.run(quick ? 50_000 : 200_000));
            System.out.println(tables.get(tables.size() - 1).markdown());
        }
        if (on.test("cli")) {
            tables.add(CliBench.run(jar, CliBench.tenLoadPackage(Files.createTempDirectory("loadsmith-cli-pkg")), quick ? 3 : 5));
            System.out.println(tables.get(tables.size() - 1).markdown());
        }
        if (on.test("shipped")) {
            for (Table t : ShippedBench.run(jar.getParent().getParent(), CliBench.tenLoadPackage(Files.createTempDirectory("loadsmith-cli-pkg")),
                    quick ? 3 : 7, quick ? 2 : 4)) {
                tables.add(t);
                System.out.println(t.markdown());
            }
        }
        if (on.test("renders")) {
            tables.add(RenderStressBench.run(quick ? 400 : 4000));
            System.out.println(tables.get(tables.size() - 1).markdown());
        }
        if (on.test("dv")) {
            // -Dbench.dv.rows=N: the batch size (default 1,000,000; quick 100,000); -Dbench.dv.rounds=N.
            tables.add(DvLoads.run(DvLoads.rows(quick)));
            System.out.println(tables.get(tables.size() - 1).markdown());
        }
        if (on.test("dvgen")) {
            tables.add(DvGeneration.run(quick ? 2000 : 10_000, quick ? 3 : 5));
            System.out.println(tables.get(tables.size() - 1).markdown());
        }
        if (on.test("livepreview")) {
            tables.add(LivePreviewBench.run(quick ? 500 : 2000));
            System.out.println(tables.get(tables.size() - 1).markdown());
        }
        if (on.test("pool")) {
            tables.add(PoolRecycleBench.run(quick ? 75 : 300));
            System.out.println(tables.get(tables.size() - 1).markdown());
        }
        if (selected == null) {
            write(out, tables);
        } else {
            replace(out, tables);
        }
    }

    /**
     * Replaces the sections of the given tables in an existing file (by their heading), keeping the rest:
     * the text below a table's end mark, and a section the file does not have yet goes at the end
     * (before "## Before / after" in a file that still holds the journal, now in benchmarks-history.md).
     */
    static void replace(Path out, List<Table> tables) throws IOException {
        String md = Files.exists(out) ? Files.readString(out) : "# Benchmarks\n\n";
        for (Table t : tables) {
            String section = t.markdown();
            String heading = section.substring(0, section.indexOf('\n') + 1);
            int start = md.indexOf(heading);
            if (start < 0) {
                int before = md.indexOf("## Before / after");
                if (before < 0) {
                    // At the end, after a blank line: the journal that followed the tables is in benchmarks-history.md.
                    md = md.stripTrailing() + "\n\n" + section;
                } else {
                    md = md.substring(0, before) + section + md.substring(before);
                }
            } else {
                // Up to the generated part's end mark when there is one, so that analysis written
                // below a table survives its rerun; else (sections written before the mark) the next section.
                int next = md.indexOf("\n## ", start + heading.length());
                int mark = md.indexOf(Table.END, start);
                if (mark >= 0 && (next < 0 || mark < next)) {
                    int after = mark + Table.END.length();
                    while (after < md.length() && md.charAt(after) == '\n') {
                        after++;
                    }
                    md = md.substring(0, start) + section + md.substring(after);
                } else {
                    md = md.substring(0, start) + section + (next < 0 ? "" : md.substring(next + 1));
                }
            }
        }
        Files.writeString(out, md);
    }

    private static void write(Path out, List<Table> tables) throws IOException {
        StringBuilder md = new StringBuilder("# Benchmarks\n\n");
        md.append("Written by `mvn -Pbench -DskipTests verify` on ").append(LocalDate.now())
                .append(". Earlier runs: [benchmarks-history.md](benchmarks-history.md).\n\n");
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
