package io.loadsmith.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.loadsmith.LoadsmithApplication;
import io.loadsmith.load.LoadService;
import io.loadsmith.tryit.TryPlan;
import io.loadsmith.tryit.TryPlanner;
import io.loadsmith.tryit.TryResult;
import io.loadsmith.tryit.TryRunner;

/**
 * Benchmark 7: "Try it" on the demo's vessel load, three batches of 1,000 vessels (all new; 100
 * renamed; 100 new keys and 900 unchanged), against the same tables, rows and statements on a plain
 * in-memory DuckDB connection in the same run. The sandbox adds its locked configuration, the
 * watchdog, reading every written table back after each batch and marking what changed.
 * Run alone: {@code java -cp <test classpath> io.loadsmith.bench.TryItBench docs/benchmarks.md}
 * replaces only this section of the file.
 */
final class TryItBench {

    private static final String TITLE = "8. Try it: the vessel load, 3 batches of 1,000 rows, sandbox vs plain DuckDB";
    private static final int ROWS = 1000;

    private TryItBench() {
    }

    static Table run(int repeats) throws Exception {
        Table table = new Table(TITLE, "run", "median ms", "min ms", "ratio (goal <= 1.5)", "target rows after batch 3");
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(LoadsmithApplication.class).run(
                "--spring.datasource.url=jdbc:h2:mem:trybench;DB_CLOSE_DELAY=-1", "--server.port=0",
                "--logging.level.root=WARN")) {
            LoadService loads = app.getBean(LoadService.class);
            TryPlanner planner = app.getBean(TryPlanner.class);
            TryRunner runner = app.getBean(TryRunner.class);
            long id = loads.list("load_d_vessel_scd2").get(0).id();
            TryPlan plan = planner.plan(id, null, Map.of());
            List<TryRunner.Batch> batches = batches();

            int[] sandboxRows = new int[1];
            int[] plainRows = new int[1];
            long[] sandbox = time(repeats, () -> {
                TryResult result = runner.run(plan, batches);
                if (result.failure() != null) {
                    throw new IllegalStateException(result.failure().message());
                }
                sandboxRows[0] = result.batches().get(2).tables().get(0).rows().size();
            });
            long[] plain = time(repeats, () -> plainRows[0] = plain(plan, batches));
            long[] planning = time(repeats, () -> planner.plan(id, null, Map.of()));
            if (sandboxRows[0] != plainRows[0]) {
                throw new IllegalStateException("sandbox " + sandboxRows[0] + " rows, plain DuckDB " + plainRows[0]);
            }
            double ratio = (double) median(sandbox) / median(plain);
            table.row("plain DuckDB (baseline)", median(plain), plain[0], "1.00", plainRows[0]);
            table.row("sandbox (TryRunner)", median(sandbox), sandbox[0], Table.f2(ratio), sandboxRows[0]);
            table.row("planning (generate SQL + DDL, column types)", median(planning), planning[0], "", "");
            table.note("Both runs create the same tables, insert the same rows through one prepared statement per table"
                    + " and run the same 4 statements per batch on an in-memory DuckDB; the sandbox also reads each written"
                    + " table back and marks every row. " + repeats + " timed runs after 2 warm-ups. The goal is met when"
                    + " the ratio is at most 1.5.");
        }
        return table;
    }

    /** 1,000 vessels; then 100 renamed; then 100 new keys with 900 unchanged. */
    private static List<TryRunner.Batch> batches() {
        return List.of(vessels(0, ROWS, -1), vessels(0, ROWS, 100), vessels(100, ROWS + 100, 100));
    }

    private static TryRunner.Batch vessels(int from, int to, int renamedBelow) {
        List<Map<String, Object>> hub = new ArrayList<>();
        List<Map<String, Object>> names = new ArrayList<>();
        for (int i = from; i < to; i++) {
            String id = String.format("%032d", i);
            hub.add(Map.of("dv_id", id, "business_key", String.valueOf(230000000 + i), "dv_source_system", "ais"));
            names.add(Map.of("dv_id", id, "name", (i < renamedBelow ? "Renamed " : "Vessel ") + i));
        }
        Map<String, List<Map<String, Object>>> tables = new LinkedHashMap<>();
        tables.put("rdv.h_marine_vessel_mmsi", hub);
        tables.put("rdv.s_marine_vessel_mmsi_digitraffic_c", names);
        return new TryRunner.Batch(tables);
    }

    /** The same work on a plain connection: no locked settings, no watchdog, no reading back. */
    private static int plain(TryPlan plan, List<TryRunner.Batch> batches) throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:"); Statement st = db.createStatement()) {
            for (String sql : plan.setup()) {
                st.execute(sql);
            }
            for (TryRunner.Batch batch : batches) {
                for (TryPlan.InputTable input : plan.inputs()) {
                    String name = quote(input.name());
                    st.execute("DELETE FROM " + name);
                    List<Map<String, Object>> rows = batch.tables().getOrDefault(input.name(), List.of());
                    if (rows.isEmpty()) {
                        continue;
                    }
                    List<String> columns = input.columns().stream().map(TryPlan.Column::name).toList();
                    try (PreparedStatement insert = db.prepareStatement("INSERT INTO " + name + " VALUES ("
                            + String.join(", ", columns.stream().map(c -> "?").toList()) + ")")) {
                        for (Map<String, Object> row : rows) {
                            for (int c = 0; c < columns.size(); c++) {
                                Object value = row.get(columns.get(c));
                                insert.setString(c + 1, value == null ? null : value.toString());
                            }
                            insert.execute();
                        }
                    }
                }
                for (TryPlan.PlannedStatement statement : plan.statements()) {
                    st.execute(statement.sql());
                }
            }
            try (var rs = st.executeQuery("SELECT count(*) FROM " + quote(plan.target()))) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private static String quote(String qualified) {
        return String.join(".", Arrays.stream(qualified.split("\\.")).map(p -> "\"" + p + "\"").toList());
    }

    interface Work {
        void run() throws Exception;
    }

    /** Sorted times in ms of {@code repeats} runs after two warm-ups. */
    private static long[] time(int repeats, Work work) throws Exception {
        for (int i = 0; i < 2; i++) {
            work.run();
        }
        long[] ms = new long[repeats];
        for (int i = 0; i < repeats; i++) {
            long start = System.nanoTime();
            work.run();
            ms[i] = (System.nanoTime() - start) / 1_000_000;
        }
        Arrays.sort(ms);
        return ms;
    }

    private static long median(long[] sorted) {
        return sorted[sorted.length / 2];
    }

    /** Runs this benchmark alone and puts its table into the benchmarks file in place of the old one. */
    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/benchmarks.md");
        Table table = run(args.length > 1 && "quick".equals(args[1]) ? 3 : 7);
        System.out.println(table.markdown());
        // As the runner does: the paragraph written below the table's end mark stays.
        Benchmarks.replace(out, List.of(table));
    }
}
