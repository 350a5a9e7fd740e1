package io.loadsmith.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.DatatypeOverrides;
import io.loadsmith.generation.DdlGenerator;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.ModelLocalizer;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.render.FreemarkerEngine;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * Benchmark 15: each generated Data Vault load (generated_hub, _link, _sat, _sat_ma, _psa, from its
 * entity mapping) against SQL written by hand for the same semantics (src/bench/resources/bench/dv/),
 * on PostgreSQL 17 and DuckDB, at 1 % and 10 % changed keys. Built like benchmark 9
 * (HistoryTemplates): the target loaded from an initial batch by the generated load and copied; then
 * per round both sides start from fresh copies with the same second batch, the order alternating,
 * and the targets are compared with EXCEPT ALL both ways.
 */
final class DvLoads {

    static final String DAY0 = "TIMESTAMP '2024-01-01 00:00:00'";
    static final String DAY1 = "TIMESTAMP '2024-01-02 00:00:00'";

    private final LoadSqlGenerator loads;
    private final DdlGenerator ddl;

    DvLoads() {
        LibraryTemplateSource library = new LibraryTemplateSource();
        DialectRegistry dialects = new DialectRegistry();
        FreemarkerEngine engine = new FreemarkerEngine(new TemplateCatalog(List.of(library)), library);
        ModelLocalizer localizer = new ModelLocalizer(DatatypeOverrides.none());
        loads = new LoadSqlGenerator(engine, dialects, localizer);
        ddl = new DdlGenerator(engine, dialects, localizer);
    }

    String sql(DvModels.Case c, String dialect) {
        return loads.generate(c.load(), dialect, Map.of()).sql();
    }

    /** Rows per batch: -Dbench.dv.rows, else 1,000,000 (100,000 in quick mode). */
    static int rows(boolean quick) {
        return Integer.getInteger("bench.dv.rows", quick ? 100_000 : 1_000_000);
    }

    /**
     * Rounds per row, even so each side runs first equally often: 4 on PostgreSQL, 8 on DuckDB (its rows take
     * under a second a side, and move more between rounds); {@code -Dbench.dv.rounds=N} or {@code =PG,DUCKDB} sets them.
     */
    static int rounds(boolean pg) {
        return rounds("bench.dv.rounds", pg, 4, 8);
    }

    /** Rounds from a property "N" or "PG,DUCKDB" (benchmarks 14 and 15), else the defaults. */
    static int rounds(String property, boolean pg, int pgRounds, int duckdbRounds) {
        String given = System.getProperty(property, "");
        String[] set = (given.matches("\\s*\\d+\\s*(,\\s*\\d+\\s*)?") ? given : pgRounds + "," + duckdbRounds).split(",");
        return Math.max(1, Integer.parseInt(set[pg || set.length == 1 ? 0 : 1].trim()));
    }

    static Table run(int rows, String... only) throws Exception {
        DvLoads bench = new DvLoads();
        Table table = new Table("15. Generated Data Vault loads vs hand-written SQL (PostgreSQL 17 and DuckDB)",
                "load", "engine", "batch rows", "changed keys", "target rows before", "rows written", "generated s",
                "hand-written s", "ratio (goal <= 1.0)", "ratio per round", "identical");
        List<DvModels.Case> selected = new ArrayList<>();
        for (DvModels.Case c : DvModels.cases()) {
            if (only.length == 0 || Arrays.asList(only).contains(c.resource())) {
                selected.add(c);
            }
        }
        boolean allIdentical = true;
        try (EmbeddedPostgres pg = startPostgres()) {
            for (DvModels.Case c : selected) {
                try (Connection db = pg.getPostgresDatabase().getConnection()) {
                    allIdentical &= bench.runCase(table, db, "postgresql", c, rows);
                }
            }
        }
        for (DvModels.Case c : selected) {
            try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
                allIdentical &= bench.runCase(table, db, "duckdb", c, rows);
            }
        }
        table.note("Each row: the target loaded by the generated load from a first batch of " + rows + " stage rows "
                + "(day 0) and copied; then a second batch of " + rows + " rows (day 1) in which the given share of "
                + "keys is new (hub, link) or changed (sat, sat_ma: one of the key's two phones, psa); the generated "
                + "load's SQL on one copy and the hand-written SQL (src/bench/resources/bench/dv/) on the other, in "
                + rounds(true) + " rounds (PostgreSQL) and " + rounds(false) + " (DuckDB) from fresh copies, the order "
                + "alternating; times are the medians, and every round's targets are compared with EXCEPT ALL both "
                + "ways (identical = no row either way in any round). PostgreSQL: the same index on both copies "
                + "(the target's key, or key and load time), VACUUM ANALYZE before timing; DuckDB: in memory, no index.");
        if (!allIdentical) {
            // The bench fails: a faster load that writes other rows says nothing.
            System.out.println(table.markdown());
            throw new IllegalStateException("benchmark 15: a generated load and its hand-written twin wrote different rows");
        }
        return table;
    }

    boolean runCase(Table table, Connection db, String dialect, DvModels.Case c, int rows) throws Exception {
        boolean pg = "postgresql".equals(dialect);
        String target = c.target().schema() + "." + c.target().name();
        String hand = c.target().schema() + ".hand_" + c.target().name();
        String setup = HistoryTemplates.resource("bench/dv/" + c.resource() + ".setup.sql");
        String handSql = handSql(c, dialect);
        String generated = sql(c, dialect);
        loadDay0(db, dialect, c, rows, setup, generated);
        int rounds = rounds(pg);
        boolean allIdentical = true;
        for (int per10000 : new int[] {100, 1000}) {
            double[] gen = new double[rounds];
            double[] handWritten = new double[rounds];
            boolean identical = true;
            long before = 0;
            long written = 0;
            for (int round = 0; round < rounds; round++) {
                before = prepareRound(db, c, pg, target, hand, setup, rows, per10000);
                // The side that runs first pays for cold caches (benchmark 9), so the order alternates.
                if (round % 2 == 0) {
                    gen[round] = timed(db, generated);
                    handWritten[round] = timed(db, handSql);
                } else {
                    handWritten[round] = timed(db, handSql);
                    gen[round] = timed(db, generated);
                }
                identical &= differing(db, c, target, hand) == 0;
                written = HistoryTemplates.count(db, "SELECT COUNT(*) FROM " + target) - before;
            }
            allIdentical &= identical;
            double[] ratios = new double[rounds];
            for (int round = 0; round < rounds; round++) {
                ratios[round] = gen[round] / handWritten[round];
            }
            table.row(c.name(), pg ? "PostgreSQL 17" : "DuckDB", rows, (per10000 / 100) + " %", before, written,
                    Table.f2(HistoryTemplates.median(gen)), Table.f2(HistoryTemplates.median(handWritten)),
                    Table.f2(HistoryTemplates.median(gen) / HistoryTemplates.median(handWritten)),
                    Table.f2(Arrays.stream(ratios).min().orElseThrow()) + "-" + Table.f2(Arrays.stream(ratios).max().orElseThrow()),
                    identical ? "yes" : "NO");
            System.out.println(table.markdown());
        }
        return allIdentical;
    }

    /** The hand-written SQL, with the dialect's spelling of code point order where the two engines differ. */
    static String handSql(DvModels.Case c, String dialect) throws Exception {
        return HistoryTemplates.resource("bench/dv/" + c.resource() + ".hand.sql")
                .replace(":bytes", "postgresql".equals(dialect) ? " COLLATE \"C\"" : "");
    }

    private static long differing(Connection db, DvModels.Case c, String target, String hand) throws Exception {
        String cols = c.compareColumns();
        return HistoryTemplates.count(db, "SELECT COUNT(*) FROM (SELECT " + cols + " FROM " + target + " EXCEPT ALL SELECT "
                + cols + " FROM " + hand + ") d") + HistoryTemplates.count(db, "SELECT COUNT(*) FROM (SELECT " + cols
                + " FROM " + hand + " EXCEPT ALL SELECT " + cols + " FROM " + target + ") d");
    }

    /** Fresh schemas, the stage and the target, the target loaded from day 0's batch and kept as dv.base. */
    private void loadDay0(Connection db, String dialect, DvModels.Case c, int rows, String setup, String generated)
            throws Exception {
        for (String schema : List.of("stage", "dv")) {
            HistoryTemplates.execute(db, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            HistoryTemplates.execute(db, "CREATE SCHEMA " + schema);
        }
        HistoryTemplates.execute(db, ddl.createTable(c.stage(), dialect));
        HistoryTemplates.execute(db, ddl.createTable(c.target(), dialect));
        HistoryTemplates.execute(db, params(HistoryTemplates.section(setup, "day0"), rows, 0));
        HistoryTemplates.execute(db, generated);
        HistoryTemplates.execute(db, "CREATE TABLE dv.base AS SELECT * FROM " + c.target().schema() + "." + c.target().name());
    }

    /** Both targets copied from day 0's, the day-1 batch in the stage, statistics fresh; returns the target's rows. */
    private long prepareRound(Connection db, DvModels.Case c, boolean pg, String target, String hand, String setup,
            int rows, int per10000) throws Exception {
        for (String t : List.of(target, hand)) {
            HistoryTemplates.execute(db, "DROP TABLE IF EXISTS " + t);
            HistoryTemplates.execute(db, "CREATE TABLE " + t + " AS SELECT * FROM dv.base");
            if (pg) {
                HistoryTemplates.execute(db, "CREATE INDEX ON " + t + " (" + c.index() + ")");
            }
        }
        HistoryTemplates.execute(db, params(HistoryTemplates.section(setup, "day1"), rows, per10000));
        HistoryTemplates.execute(db, pg ? "VACUUM ANALYZE" : "CHECKPOINT");
        return HistoryTemplates.count(db, "SELECT COUNT(*) FROM " + target);
    }

    static String params(String sql, int rows, int per10000) {
        return sql.replace(":half_rows", String.valueOf(rows / 2)).replace(":rows", String.valueOf(rows)).replace(":changed_per_10000", String.valueOf(per10000))
                .replace(":day0", DAY0).replace(":day1", DAY1);
    }

    private static EmbeddedPostgres startPostgres() throws java.io.IOException {
        return EmbeddedPostgres.builder().setServerConfig("shared_buffers", "512MB").setServerConfig("work_mem", "64MB")
                .setServerConfig("max_wal_size", "4GB").start();
    }

    private static double timed(Connection db, String sql) throws Exception {
        long start = System.nanoTime();
        HistoryTemplates.execute(db, sql);
        return (System.nanoTime() - start) / 1e9;
    }

    /** {@code DvLoads print [dialect]}: the generated SQL of every case; else {@code DvLoads <rows> [case...]}. */
    public static void main(String[] args) throws Exception {
        if (args.length > 0 && "print".equals(args[0])) {
            DvLoads bench = new DvLoads();
            for (DvModels.Case c : DvModels.cases()) {
                System.out.println("=== " + c.name() + "\n" + bench.sql(c, args.length > 1 ? args[1] : "postgresql"));
            }
            return;
        }
        System.out.println(run(args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000,
                Arrays.copyOfRange(args, Math.min(1, args.length), args.length)).markdown());
    }
}
