package io.loadsmith.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.DatatypeOverrides;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.ModelLocalizer;
import io.loadsmith.generation.RawRender;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.render.FreemarkerEngine;

/**
 * Benchmark 1 and the first half of 5: loads per second through the whole generator, against
 * raw FreeMarker rendering of the same template with data models built beforehand, in the same
 * run, alternating rounds so that both see the same machine state.
 */
final class GeneratorThroughput {

    private static final String DIALECT = "snowflake";

    private GeneratorThroughput() {
    }

    static Table run(int[] sizes, int rounds) throws Exception {
        LibraryTemplateSource library = new LibraryTemplateSource();
        DialectRegistry dialects = new DialectRegistry();
        FreemarkerEngine engine = new FreemarkerEngine(new TemplateCatalog(List.of(library)), library);
        ModelLocalizer localizer = new ModelLocalizer(DatatypeOverrides.none());
        LoadSqlGenerator generator = new LoadSqlGenerator(engine, dialects, localizer);
        RawRender raw = new RawRender(engine, dialects.get(DIALECT), "templates/scd2");

        // Warm up both paths (JIT, template cache).
        List<LoadModel> warm = SyntheticModels.scd2Loads(2000);
        for (int w = 0; w < 3; w++) {
            generateAll(generator, warm);
            renderAll(raw, prebuild(raw, localizer, warm));
        }

        Table table = new Table("1. Generator throughput (SCD2 loads, 30 attributes, snowflake)",
                "loads", "generator loads/s", "raw FreeMarker loads/s", "ratio (goal >= 0.6)", "generator ms",
                "heap of models MB");
        for (int size : sizes) {
            long heapBefore = usedHeap();
            List<LoadModel> models = SyntheticModels.scd2Loads(size);
            long heapModels = usedHeap() - heapBefore;
            List<Map<String, Object>> prebuilt = prebuild(raw, localizer, models);
            double bestGenerator = Double.MAX_VALUE;
            double bestRaw = Double.MAX_VALUE;
            for (int r = 0; r < rounds; r++) {
                bestGenerator = Math.min(bestGenerator, generateAll(generator, models));
                bestRaw = Math.min(bestRaw, renderAll(raw, prebuilt));
            }
            double generatorRate = size / bestGenerator;
            double rawRate = size / bestRaw;
            table.row(size, Table.f1(generatorRate), Table.f1(rawRate), Table.f2(generatorRate / rawRate),
                    Table.f1(bestGenerator * 1000), Table.f1(heapModels / 1e6));
            prebuilt = null;
        }
        return table.note("Best of " + rounds + " alternating rounds each. Raw FreeMarker = the cached scd2 template "
                + "processed with a data model built before timing (its formula calls included); the generator also "
                + "parses steps, binds parameters, localizes datatypes, substitutes placeholders and assembles the load.");
    }

    private static List<Map<String, Object>> prebuild(RawRender raw, ModelLocalizer localizer, List<LoadModel> models) {
        List<Map<String, Object>> data = new ArrayList<>(models.size());
        for (LoadModel model : models) {
            data.add(raw.prebuild(model, localizer, Map.of("temp_table_prefix", "Z_TMP_")));
        }
        return data;
    }

    private static double generateAll(LoadSqlGenerator generator, List<LoadModel> models) {
        long start = System.nanoTime();
        long chars = 0;
        for (LoadModel model : models) {
            chars += generator.generate(model, DIALECT, Map.of()).sql().length();
        }
        sink(chars);
        return (System.nanoTime() - start) / 1e9;
    }

    private static double renderAll(RawRender raw, List<Map<String, Object>> data) throws Exception {
        long start = System.nanoTime();
        long chars = 0;
        for (Map<String, Object> d : data) {
            chars += raw.render(d).length();
        }
        sink(chars);
        return (System.nanoTime() - start) / 1e9;
    }

    static long usedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }

    private static volatile long blackhole;

    private static void sink(long value) {
        blackhole += value;
    }
}
