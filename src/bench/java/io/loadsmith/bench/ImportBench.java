package io.loadsmith.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.loadsmith.LoadsmithApplication;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.packages.PackageImporter;

/**
 * Benchmark 7: importing a package of entities and their loads into the default H2 file store,
 * first as new objects, then again over themselves (every object updated). The ratio is the
 * time per object against the smallest size of the same run: 1.0 means linear.
 */
final class ImportBench {

    /** Business attributes per entity: about 2.7 KB of JSON per object, the shape of the reported 13.5 MB package. */
    private static final int ATTRIBUTES = 20;

    private ImportBench() {
    }

    /** Standalone: {@code java -cp ... io.loadsmith.bench.ImportBench 200 1000 5000} prints the table. */
    public static void main(String[] args) throws Exception {
        int[] sizes = args.length == 0 ? new int[] {200, 1000, 5000}
                : java.util.Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        System.out.println(run(sizes).markdown());
    }

    static Table run(int[] objectCounts) throws Exception {
        Table table = new Table("7. Package import into the H2 file store (entities and their loads)",
                "objects", "package MB", "create s", "create CPU s", "CPU ms per object", "re-import s",
                "re-import CPU s", "CPU ms per object", "ratio per object to " + objectCounts[0]
                        + " (create / re-import; 1.0 = linear)");
        Path dir = Files.createTempDirectory("loadsmith-import-bench");
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(LoadsmithApplication.class).run(
                "--spring.datasource.url=jdbc:h2:file:" + dir.resolve("loadsmith") + ";AUTO_SERVER=FALSE",
                "--server.port=0", "--logging.level.root=WARN")) {
            PackageImporter importer = app.getBean(PackageImporter.class);
            // JIT warm-up on a package of its own, so that the smallest size is not charged for it.
            importer.apply(PackageJson.read(PackageJson.write(document("warmup", 200, ""))));
            double[] base = null;
            for (int n : objectCounts) {
                byte[] json = PackageJson.write(document("bench_import_" + n, n, ""));
                // Every description changed, so that each object is compared and written: the same file would be
                // found unchanged.
                byte[] changed = PackageJson.write(document("bench_import_" + n, n, " (again)"));
                double[] create = timed(() -> importer.apply(PackageJson.read(json)));
                PackageImporter.Result[] again = new PackageImporter.Result[1];
                double[] reimport = timed(() -> again[0] = importer.apply(PackageJson.read(changed)));
                if (again[0].updated() != n + 1) {
                    throw new IllegalStateException("re-import of " + n + " objects updated " + again[0].updated());
                }
                double[] perObject = {create[1] * 1000 / n, reimport[1] * 1000 / n};
                base = base == null ? perObject : base;
                table.row(n, Table.f1(json.length / 1e6), Table.f2(create[0]), Table.f2(create[1]), Table.f2(perObject[0]),
                        Table.f2(reimport[0]), Table.f2(reimport[1]), Table.f2(perObject[1]),
                        Table.f2(perObject[0] / base[0]) + " / " + Table.f2(perObject[1] / base[1]));
                System.out.println(table.markdown());
            }
        }
        return table.note("Each package: objects/2 entities of " + ATTRIBUTES + " attributes and one 4-step load per "
                + "entity, in a schema of its own, imported through PackageImporter (the path of POST "
                + "/api/v1/packages/import after the body is read) into a fresh H2 file, then imported again over "
                + "itself with every description changed (every object updated). CPU = the whole process's CPU time (JVM, GC, H2), which does not "
                + "depend on what else the machine runs; the ratio compares CPU per object. Goal: 5,000 objects in "
                + "at most 30 s on 2 cores, CPU per object flat.");
    }

    /** Wall seconds and the process's CPU seconds of one run. */
    private static double[] timed(Runnable work) {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu = os.getProcessCpuTime();
        long start = System.nanoTime();
        work.run();
        return new double[] {(System.nanoTime() - start) / 1e9, (os.getProcessCpuTime() - cpu) / 1e9};
    }

    /**
     * A package of {@code objects} objects: half entities, half loads, one entity type shared by all;
     * {@code revision} ends every description.
     */
    static PackageDocument document(String name, int objects, String revision) {
        int count = objects / 2;
        List<PackageDocument.EntityDoc> entities = new ArrayList<>(count);
        List<PackageDocument.LoadDoc> loads = new ArrayList<>(count);
        String[] types = {"VARCHAR", "INTEGER8", "DECIMAL", "TIMESTAMP", "DATE", "BOOLEAN"};
        for (int i = 0; i < count; i++) {
            List<PackageDocument.AttributeDoc> attributes = new ArrayList<>();
            attributes.add(new PackageDocument.AttributeDoc("entity" + i + "_scd_id", "CHAR", 32, null, null, false, "SCD_ID", null));
            attributes.add(new PackageDocument.AttributeDoc("entity" + i + "_id", "CHAR", 32, null, null, false, "DV_HASHKEY", null));
            attributes.add(new PackageDocument.AttributeDoc("datahash", "CHAR", 32, null, null, true, "DV_DATAHASH", null));
            attributes.add(new PackageDocument.AttributeDoc("valid_from", "TIMESTAMP", null, null, null, true, "VALID_FROM", null));
            attributes.add(new PackageDocument.AttributeDoc("valid_to", "TIMESTAMP", null, null, null, true, "VALID_TO", null));
            attributes.add(new PackageDocument.AttributeDoc("validity_status", "INTEGER1", null, null, null, true, "VALIDITY_STATUS", null));
            for (int a = 0; a < ATTRIBUTES; a++) {
                String type = types[a % types.length];
                attributes.add(new PackageDocument.AttributeDoc("attribute_" + a, type, "VARCHAR".equals(type) ? 200 : null,
                        "DECIMAL".equals(type) ? 18 : null, "DECIMAL".equals(type) ? 2 : null, true, null,
                        "business attribute " + a + " of entity " + i));
            }
            entities.add(new PackageDocument.EntityDoc(name, "D_ENTITY" + i + "_SCD2", "ENTITY" + i, null, "TABLE",
                    "entity " + i + " of the import benchmark" + revision, null, attributes));
            // Each package in a schema of its own: an import may not take over another package's objects.
            loads.add(new PackageDocument.LoadDoc(name + "_load_" + i, name + ".D_ENTITY" + i + "_SCD2", null,
                    "load " + i + revision, i == 0 ? List.of() : List.of(name + ".D_ENTITY" + (i - 1) + "_SCD2"), Map.of(), List.of(
                    new PackageDocument.StepDoc("drop_temp_start", "OVERRIDE", "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;"),
                    new PackageDocument.StepDoc("create_temp_table", "OVERRIDE",
                            "CREATE TEMPORARY TABLE <target_schema>.Z_TMP_<target_entity_name> AS SELECT * FROM staging.src_" + i + ";"),
                    new PackageDocument.StepDoc("merge_scd2_with_ftl", "OVERRIDE", "<ftltemplate:scd2:temp_table_prefix=Z_TMP_>"),
                    new PackageDocument.StepDoc("drop_temp_end", "OVERRIDE", "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;"))));
        }
        return new PackageDocument(PackageDocument.FORMAT, name, "import benchmark" + revision, List.of(), List.of(), List.of(),
                List.of(), List.of(), entities, loads, List.of());
    }
}
