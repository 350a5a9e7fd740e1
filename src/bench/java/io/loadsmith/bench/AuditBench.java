package io.loadsmith.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.engine.TargetEngine;
import io.loadsmith.generation.DatatypeOverrides;
import io.loadsmith.generation.DdlGenerator;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.ModelLocalizer;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.model.AttributeMappingModel;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.MappingModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.generation.render.FreemarkerEngine;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * Benchmark 14: the history audits (issue 47 item 7) - a scd2 load with audit_history=true and a
 * generated SAT load with OPT_AUDIT_HISTORY=true, each against the same load without the audit in
 * the same run, on PostgreSQL 17 and DuckDB: the price of leaving the audit on.
 */
final class AuditBench {

    private final LoadSqlGenerator loads;
    private final DdlGenerator ddl;

    private AuditBench() {
        LibraryTemplateSource library = new LibraryTemplateSource();
        DialectRegistry dialects = new DialectRegistry();
        FreemarkerEngine engine = new FreemarkerEngine(new TemplateCatalog(List.of(library)), library);
        ModelLocalizer localizer = new ModelLocalizer(DatatypeOverrides.none());
        loads = new LoadSqlGenerator(engine, dialects, localizer);
        ddl = new DdlGenerator(engine, dialects, localizer);
    }

    /** One load measured with and without its audit: the target, the source setup and both load texts. */
    private record Case(String name, EntityModel source, EntityModel target, String setup, LoadModel plain, LoadModel audited,
                        boolean delta) {
    }

    /** Target keys: -Dbench.audits.rows, else {@code defaultRows}; rounds: -Dbench.audits.rounds=N or PG,DUCKDB (4,8). */
    static Table run(int defaultRows) throws Exception {
        int rows = Integer.getInteger("bench.audits.rows", defaultRows);
        int pgRounds = DvLoads.rounds("bench.audits.rounds", true, 4, 8);
        int duckdbRounds = DvLoads.rounds("bench.audits.rounds", false, 4, 8);
        AuditBench bench = new AuditBench();
        Table table = new Table("14. History audits: loads with and without the audit (PostgreSQL 17 and DuckDB)",
                "load", "engine", "target rows before", "rows written", "without audit s", "with audit s", "ratio",
                "ratio per round", "same rows");
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder().setServerConfig("shared_buffers", "512MB")
                .setServerConfig("work_mem", "64MB").setServerConfig("max_wal_size", "4GB").start()) {
            for (Case c : cases()) {
                try (Connection db = pg.getPostgresDatabase().getConnection()) {
                    bench.runCase(table, db, "postgresql", c, rows, pgRounds);
                }
            }
        }
        for (Case c : cases()) {
            try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
                bench.runCase(table, db, "duckdb", c, rows, duckdbRounds);
            }
        }
        return table.note("Each row: the target loaded without the audit on day 0 from " + rows + " keys and copied; "
                + "the day-1 source has every key again (full extract), or only the changed and new keys (delta), 10 % of them changed (and 1 % new keys for scd2); then, from "
                + "fresh copies of the target, the load without and with the audit, the order alternating per round "
                + "(" + pgRounds + " rounds on PostgreSQL, " + duckdbRounds + " on DuckDB); medians. The audit reads every row of the batch's keys "
                + "(default) or the whole target (audit_scope=full, OPT_AUDIT_HISTORY=full): the scd2 one "
                + "window over the key's versions, the SAT one a grouping by key and load time; it runs inside the "
                + "load's transaction. Same rows: the two targets compared with EXCEPT ALL both ways after every round. "
                + "PostgreSQL: index (vessel_id, validity_status) on the scd2 target, none on the satellite, VACUUM ANALYZE before timing; DuckDB in memory.");
    }

    private void runCase(Table table, Connection db, String dialect, Case c, int rows, int rounds) throws Exception {
        boolean pg = "postgresql".equals(dialect);
        String T = c.target().schema() + "." + c.target().name();
        for (String schema : List.of(c.source().schema(), c.target().schema())) {
            execute(db, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            execute(db, "CREATE SCHEMA " + schema);
        }
        execute(db, ddl.createTable(c.target(), dialect));
        String plain = loads.generate(c.plain(), dialect, Map.of()).sql();
        String audited = loads.generate(c.audited(), dialect, Map.of()).sql();
        execute(db, setup(c, rows, 0));
        execute(db, plain);
        execute(db, "CREATE TABLE " + c.target().schema() + ".base AS SELECT * FROM " + T);
        execute(db, setup(c, rows, 1));
        double[] without = new double[rounds];
        double[] with = new double[rounds];
        boolean same = true;
        long before = count(db, "SELECT COUNT(*) FROM " + T);
        long written = 0;
        for (int round = 0; round < rounds; round++) {
            for (int side = 0; side < 2; side++) {
                boolean audit = (round + side) % 2 == 1;
                reset(db, c, pg, T);
                double seconds = timed(db, audit ? audited : plain);
                (audit ? with : without)[round] = seconds;
                execute(db, "CREATE TABLE " + c.target().schema() + (audit ? ".after_with" : ".after_without") + " AS SELECT * FROM " + T);
            }
            String a = c.target().schema() + ".after_with";
            String b = c.target().schema() + ".after_without";
            same &= count(db, "SELECT COUNT(*) FROM (SELECT * FROM " + a + " EXCEPT ALL SELECT * FROM " + b + ") d") == 0
                    && count(db, "SELECT COUNT(*) FROM (SELECT * FROM " + b + " EXCEPT ALL SELECT * FROM " + a + ") d") == 0;
            written = count(db, "SELECT COUNT(*) FROM " + T) - before;
            execute(db, "DROP TABLE " + a);
            execute(db, "DROP TABLE " + b);
        }
        double[] ratios = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            ratios[i] = with[i] / without[i];
        }
        table.row(c.name(), pg ? "PostgreSQL 17" : "DuckDB", before, written, Table.f2(HistoryTemplates.median(without)),
                Table.f2(HistoryTemplates.median(with)), Table.f2(HistoryTemplates.median(with) / HistoryTemplates.median(without)),
                Table.f2(java.util.Arrays.stream(ratios).min().orElseThrow()) + "-" + Table.f2(java.util.Arrays.stream(ratios).max().orElseThrow()),
                same ? "yes" : "NO");
        System.out.println(table.markdown());
    }

    private static void reset(Connection db, Case c, boolean pg, String T) throws Exception {
        execute(db, "DROP TABLE IF EXISTS " + T);
        execute(db, "CREATE TABLE " + T + " AS SELECT * FROM " + c.target().schema() + ".base");
        if (pg) {
            if (c.name().startsWith("scd2")) {
                execute(db, "CREATE INDEX ON " + T + " (vessel_id, validity_status)");
            }
            execute(db, "VACUUM ANALYZE");
        }
    }

    /**
     * The source of day `run` (0: every key; 1: 10 % changed, scd2 also 1 % new keys); a delta case's
     * day 1 has only the changed and new keys.
     */
    private static String setup(Case c, int rows, int run) {
        String where = run == 1 && c.delta() ? "(g % 10000 < :changed_per_10000 OR g > :rows)" : "TRUE";
        return c.setup().replace(":where", where).replace(":rows", String.valueOf(rows)).replace(":new_keys", String.valueOf(run == 0 ? 0 : rows / 100))
                .replace(":changed_per_10000", String.valueOf(run == 0 ? 0 : 1000)).replace(":run", String.valueOf(run));
    }

    private static List<Case> cases() {
        EntityModel vessels = new EntityModel("vessel_source", "vessel_source", "publish", "STAGE", "TABLE", List.of());
        EntityModel vesselTarget = new EntityModel("D_VESSEL_SCD2", "VESSEL", "publish", "DIM_SCD2", "TABLE", List.of(
                attr("vessel_scd_id", "SCD_ID", "CHAR", 32), attr("vessel_id", "DV_HASHKEY", "CHAR", 32),
                attr("datahash", "DV_DATAHASH", "CHAR", 32), attr("valid_from", "VALID_FROM", "TIMESTAMP", null),
                attr("valid_to", "VALID_TO", "TIMESTAMP", null), attr("validity_status", "VALIDITY_STATUS", "INTEGER1", null),
                attr("mmsi_key", null, "INTEGER8", null), attr("vessel_name", null, "VARCHAR", 200),
                attr("vessel_type_code", null, "INTEGER4", null), attr("vessel_type", null, "VARCHAR", 200),
                attr("country_code", null, "VARCHAR", 10), attr("country", null, "VARCHAR", 100),
                attr("source_system", null, "VARCHAR", 50)));
        String vesselSetup = """
                DROP TABLE IF EXISTS publish.vessel_source;
                CREATE TABLE publish.vessel_source AS
                SELECT LPAD(TO_HEX(g), 32, '0') AS vessel_id, 230000000 + g AS mmsi_key, 'Vessel ' || g AS vessel_name,
                    g % 90 AS vessel_type_code, 'Type ' || (g % 90) AS vessel_type, 'C' || (g % 200) AS country_code,
                    CASE WHEN g % 10000 < :changed_per_10000 THEN 'Country changed ' || :run ELSE 'Country ' || (g % 200) END AS country,
                    'ais' AS source_system, TIMESTAMP '2023-01-01 00:00:00' + INTERVAL ':run days' AS valid_from
                FROM generate_series(1, :rows + :new_keys) AS s(g)
                WHERE :where;""";

        AttributeModel customerId = attr("customer_id", null, "VARCHAR", 20);
        AttributeModel name = attr("name", null, "VARCHAR", 100);
        AttributeModel city = attr("city", null, "VARCHAR", 100);
        AttributeModel loadTs = attr("load_ts", null, "TIMESTAMP", null);
        AttributeModel recSrc = attr("rec_src", null, "VARCHAR", 20);
        EntityModel stage = new EntityModel("customer_stg", "customer_stg", "stage", "STAGE", "TABLE",
                List.of(customerId, name, city, loadTs, recSrc));
        AttributeModel dvId = attr("dv_id", "DV_HASHKEY", "CHAR", 32);
        AttributeModel dvLoadTime = attr("dv_load_time", "DV_LOAD_TIME", "TIMESTAMP", null);
        AttributeModel dvRecSrc = attr("dv_record_source", "DV_RECORD_SOURCE", "VARCHAR", 100);
        AttributeModel dvHash = attr("dv_datahash", "DV_DATAHASH", "CHAR", 32);
        EntityModel sat = new EntityModel("sat_customer", "sat_customer", "dv", "SAT", "TABLE",
                List.of(dvId, dvLoadTime, dvRecSrc, dvHash, name, city));
        MappingModel satMapping = new MappingModel("m_customer_stg", "SOURCE", 1, stage, List.of(
                new AttributeMappingModel(dvId, List.of(customerId), "HASH_KEY", null),
                new AttributeMappingModel(dvLoadTime, List.of(loadTs), null, null),
                new AttributeMappingModel(dvRecSrc, List.of(recSrc), null, null),
                new AttributeMappingModel(dvHash, List.of(name, city), "HASH_DIFF", null),
                new AttributeMappingModel(name, List.of(name), null, null),
                new AttributeMappingModel(city, List.of(city), null, null)));
        String satSetup = """
                DROP TABLE IF EXISTS stage.customer_stg;
                CREATE TABLE stage.customer_stg AS
                SELECT 'c' || g AS customer_id, 'Name ' || g AS name,
                    CASE WHEN g % 10000 < :changed_per_10000 THEN 'City changed ' || :run ELSE 'City ' || (g % 500) END AS city,
                    TIMESTAMP '2024-01-01 00:00:00' + INTERVAL ':run days' AS load_ts, 'crm' AS rec_src
                FROM generate_series(1, :rows) AS s(g)
                WHERE :where;""";
        LoadModel scd2Plain = scd2("<ftltemplate:scd2:temp_table_prefix=Z_TMP_>", vesselTarget);
        String scd2Audit = "<ftltemplate:scd2:temp_table_prefix=Z_TMP_:business_key=mmsi_key:audit_history=true";
        LoadModel satPlain = new LoadModel("load_sat_customer", sat, List.of(stage), List.of(), Map.of(), List.of(satMapping));
        return List.of(
                new Case("scd2 (vessel, far_future), full extract", vessels, vesselTarget, vesselSetup, scd2Plain,
                        scd2(scd2Audit + ">", vesselTarget), false),
                new Case("scd2, full extract, audit_scope=full", vessels, vesselTarget, vesselSetup, scd2Plain,
                        scd2(scd2Audit + ":audit_scope=full>", vesselTarget), false),
                new Case("scd2, delta (changed and new keys only)", vessels, vesselTarget, vesselSetup, scd2Plain,
                        scd2(scd2Audit + ">", vesselTarget), true),
                new Case("generated SAT, full extract", stage, sat, satSetup, satPlain, satAudited(sat, stage, satMapping, "true"), false),
                new Case("generated SAT, full extract, OPT_AUDIT_HISTORY=full", stage, sat, satSetup, satPlain,
                        satAudited(sat, stage, satMapping, "full"), false),
                new Case("generated SAT, delta (changed keys only)", stage, sat, satSetup, satPlain,
                        satAudited(sat, stage, satMapping, "true"), true));
    }

    private static LoadModel satAudited(EntityModel sat, EntityModel stage, MappingModel mapping, String audit) {
        return new LoadModel("load_sat_customer", sat, List.of(stage), List.of(), Map.of("OPT_AUDIT_HISTORY", audit), List.of(mapping));
    }

    private static LoadModel scd2(String call, EntityModel target) {
        return new LoadModel("load_d_vessel_scd2", target, List.of(), List.of(
                new StepModel("drop_temp_start", StepType.OVERRIDE, "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;"),
                new StepModel("create_temp_table", StepType.OVERRIDE,
                        "CREATE TABLE <target_schema>.Z_TMP_<target_entity_name> AS SELECT * FROM <target_schema>.vessel_source;"),
                new StepModel("merge_scd2_with_ftl", StepType.OVERRIDE, call),
                new StepModel("drop_temp_end", StepType.OVERRIDE, "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;")),
                Map.of());
    }

    private static AttributeModel attr(String name, String type, String datatype, Integer length) {
        return new AttributeModel(name, type, datatype, length, null, null, true, null, null);
    }

    private static double timed(Connection db, String sql) throws Exception {
        long start = System.nanoTime();
        execute(db, sql);
        return (System.nanoTime() - start) / 1e9;
    }

    private static long count(Connection db, String sql) throws Exception {
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void execute(Connection db, String script) throws Exception {
        TargetEngine.execute(db, script);
    }
}
