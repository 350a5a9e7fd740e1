package io.loadsmith.bench;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.DatatypeOverrides;
import io.loadsmith.generation.DdlGenerator;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.ModelLocalizer;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.generation.render.FreemarkerEngine;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * Benchmark 4: the scd2 load on PostgreSQL 17 over a large dimension, against a hand-written
 * UPDATE + INSERT on an identical copy in the same run; the two results must be identical.
 */
final class EngineMerge {

    private EngineMerge() {
    }

    static Table run(int rows) throws Exception {
        Table table = new Table("4. Generated SCD2 MERGE on PostgreSQL 17 vs hand-written UPDATE + INSERT",
                "dimension rows", "changed", "new keys", "rows added", "template s", "hand-written s",
                "ratio (goal <= 1.2)", "identical");
        LibraryTemplateSource library = new LibraryTemplateSource();
        DialectRegistry dialects = new DialectRegistry();
        FreemarkerEngine engine = new FreemarkerEngine(new TemplateCatalog(List.of(library)), library);
        ModelLocalizer localizer = new ModelLocalizer(DatatypeOverrides.none());
        LoadModel load = vesselLoad();
        String loadSql = new LoadSqlGenerator(engine, dialects, localizer).generate(load, "postgresql", Map.of()).sql();
        String ddl = new DdlGenerator(engine, dialects, localizer).createTable(load.target(), "postgresql");
        String hand = resource("bench/scd2_handwritten.postgresql.sql");
        String setup = resource("bench/scd2_setup.postgresql.sql");

        try (EmbeddedPostgres pg = EmbeddedPostgres.builder()
                .setServerConfig("shared_buffers", "512MB").setServerConfig("work_mem", "64MB")
                .setServerConfig("max_wal_size", "4GB").start();
             Connection db = pg.getPostgresDatabase().getConnection()) {
            execute(db, "CREATE SCHEMA publish");
            execute(db, ddl);
            execute(db, "CREATE INDEX ix_vessel_current ON publish.D_VESSEL_SCD2 (vessel_id, validity_status)");
            // Day 0: the initial state, loaded by the template itself.
            execute(db, source(setup, rows, 0, 0, 0));
            execute(db, loadSql);
            execute(db, "CREATE TABLE publish.D_BASE AS SELECT * FROM publish.D_VESSEL_SCD2");
            for (int changedPer10000 : new int[] {100, 1000}) {
                reset(db, "publish.D_VESSEL_SCD2");
                reset(db, "publish.D_HAND");
                execute(db, source(setup, rows, changedPer10000, rows / 100, 1));
                execute(db, "VACUUM ANALYZE");
                double template = timed(db, loadSql);
                double handWritten = timed(db, hand);
                boolean identical = count(db, "SELECT COUNT(*) FROM (SELECT * FROM publish.D_VESSEL_SCD2 EXCEPT ALL "
                        + "SELECT * FROM publish.D_HAND) d") == 0
                        && count(db, "SELECT COUNT(*) FROM (SELECT * FROM publish.D_HAND EXCEPT ALL "
                        + "SELECT * FROM publish.D_VESSEL_SCD2) d") == 0;
                long added = count(db, "SELECT COUNT(*) FROM publish.D_VESSEL_SCD2") - count(db, "SELECT COUNT(*) FROM publish.D_BASE");
                table.row(rows, (changedPer10000 / 100) + " %", "1 %", added, Table.f2(template), Table.f2(handWritten),
                        Table.f2(template / handWritten), identical ? "yes" : "NO");
            }
        }
        return table.note("Each run starts from the same " + rows + "-row dimension (copied from a base table) and the "
                + "same source; the source holds every vessel (the seed's input shape), so both sides hash all rows. "
                + "Index used by both: (vessel_id, validity_status). Columns compared with EXCEPT ALL both ways.");
    }

    private static void reset(Connection db, String table) throws Exception {
        execute(db, "DROP TABLE IF EXISTS " + table);
        execute(db, "CREATE TABLE " + table + " AS SELECT * FROM publish.D_BASE");
        execute(db, "CREATE INDEX ON " + table + " (vessel_id, validity_status)");
    }

    private static String source(String setup, int rows, int changedPer10000, int newKeys, int run) {
        return setup.replace(":changed_per_10000", String.valueOf(changedPer10000)).replace(":rows", String.valueOf(rows))
                .replace(":new_keys", String.valueOf(newKeys)).replace(":run", String.valueOf(run));
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
        try (Statement st = db.createStatement()) {
            st.execute(script); // the PostgreSQL driver runs ';'-separated scripts as one simple query
        }
    }

    private static String resource(String name) throws Exception {
        try (var in = EngineMerge.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static LoadModel vesselLoad() {
        List<AttributeModel> attributes = List.of(
                attr("vessel_scd_id", "SCD_ID", "CHAR", 32), attr("vessel_id", "DV_HASHKEY", "CHAR", 32),
                attr("datahash", "DV_DATAHASH", "CHAR", 32), attr("valid_from", "VALID_FROM", "TIMESTAMP", null),
                attr("valid_to", "VALID_TO", "TIMESTAMP", null), attr("validity_status", "VALIDITY_STATUS", "INTEGER1", null),
                attr("mmsi_key", null, "INTEGER8", null), attr("vessel_name", null, "VARCHAR", 200),
                attr("vessel_type_code", null, "INTEGER4", null), attr("vessel_type", null, "VARCHAR", 200),
                attr("country_code", null, "VARCHAR", 10), attr("country", null, "VARCHAR", 100),
                attr("source_system", null, "VARCHAR", 50));
        EntityModel target = new EntityModel("D_VESSEL_SCD2", "VESSEL", "publish", "DIM_SCD2", "TABLE", attributes);
        return new LoadModel("load_d_vessel_scd2", target, List.of(), List.of(
                new StepModel("drop_temp_start", StepType.OVERRIDE, "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;"),
                new StepModel("create_temp_table", StepType.OVERRIDE,
                        "CREATE TABLE <target_schema>.Z_TMP_<target_entity_name> AS SELECT * FROM <target_schema>.vessel_source;"),
                new StepModel("merge_scd2_with_ftl", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_TMP_>"),
                new StepModel("drop_temp_end", StepType.OVERRIDE, "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;")),
                Map.of());
    }

    private static AttributeModel attr(String name, String type, String datatype, Integer length) {
        return new AttributeModel(name, type, datatype, length, null, null, true, null, null);
    }
}
