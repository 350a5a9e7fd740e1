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
 * Benchmark 16: mapped Data Vault loads (hubs, links and satellites in turn) through the whole
 * generator against raw FreeMarker rendering of the same generated_* templates with data models
 * built beforehand (RawRender), in the same run, rounds alternating as in benchmark 1.
 */
final class DvGeneration {

    private static final String DIALECT = "postgresql";

    private DvGeneration() {
    }

    static Table run(int size, int rounds) throws Exception {
        LibraryTemplateSource library = new LibraryTemplateSource();
        DialectRegistry dialects = new DialectRegistry();
        FreemarkerEngine engine = new FreemarkerEngine(new TemplateCatalog(List.of(library)), library);
        ModelLocalizer localizer = new ModelLocalizer(DatatypeOverrides.none());
        LoadSqlGenerator generator = new LoadSqlGenerator(engine, dialects, localizer);
        Map<String, RawRender> raw = new java.util.HashMap<>();
        for (String type : List.of("hub", "link", "sat")) {
            raw.put("templates/generated_" + type, new RawRender(engine, dialects.get(DIALECT), "templates/generated_" + type));
        }
        List<LoadModel> models = DvModels.mixedLoads(size);
        List<RawRender> renders = new ArrayList<>(size);
        List<Map<String, Object>> prebuilt = new ArrayList<>(size);
        for (LoadModel model : models) {
            RawRender render = raw.get(DvModels.template(model));
            renders.add(render);
            prebuilt.add(render.prebuild(model, localizer, Map.of()));
        }
        // The baseline must render what the generator writes (a hub, a link and a satellite), else the ratio says nothing.
        for (int i = 0; i < Math.min(3, size); i++) {
            String rendered = renders.get(i).render(prebuilt.get(i)).strip();
            if (!generator.generate(models.get(i), DIALECT, Map.of()).sql().contains(rendered)) {
                throw new IllegalStateException("benchmark 16: the raw render of " + models.get(i).name()
                        + " is not in the generator's SQL:\n" + rendered);
            }
        }
        // Warm up both paths (JIT, template cache) on the same models.
        for (int w = 0; w < 3; w++) {
            generateAll(generator, models);
            renderAll(renders, prebuilt);
        }
        double bestGenerator = Double.MAX_VALUE;
        double bestRaw = Double.MAX_VALUE;
        for (int r = 0; r < rounds; r++) {
            bestGenerator = Math.min(bestGenerator, generateAll(generator, models));
            bestRaw = Math.min(bestRaw, renderAll(renders, prebuilt));
        }
        double generatorRate = size / bestGenerator;
        double rawRate = size / bestRaw;
        return new Table("16. Generator throughput, mapped Data Vault loads (hub, link, sat, postgresql)",
                "loads", "generator loads/s", "raw FreeMarker loads/s", "ratio (goal >= 0.9)", "generator ms", "raw ms")
                .row(size, Table.f1(generatorRate), Table.f1(rawRate), Table.f2(generatorRate / rawRate),
                        Table.f1(bestGenerator * 1000), Table.f1(bestRaw * 1000))
                .note("Best of " + rounds + " alternating rounds after three warm-up rounds. The loads: a third each "
                        + "hub, link and satellite, each its own target, from one entity mapping and no steps (the generator "
                        + "plans the generated_* main step). Raw FreeMarker = the cached generated_hub / _link / _sat "
                        + "template processed with a data model built before timing (mappings localized, formulas "
                        + "rendered); the generator also plans the step, localizes datatypes, renders the mapping "
                        + "formulas, binds parameters, checks the required attribute types and assembles the load.");
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

    private static double renderAll(List<RawRender> renders, List<Map<String, Object>> data) throws Exception {
        long start = System.nanoTime();
        long chars = 0;
        for (int i = 0; i < data.size(); i++) {
            chars += renders.get(i).render(data.get(i)).length();
        }
        sink(chars);
        return (System.nanoTime() - start) / 1e9;
    }

    private static volatile long blackhole;

    private static void sink(long value) {
        blackhole += value;
    }

    /** {@code DvGeneration [loads] [rounds]}. */
    public static void main(String[] args) throws Exception {
        System.out.println(run(args.length > 0 ? Integer.parseInt(args[0]) : 10_000,
                args.length > 1 ? Integer.parseInt(args[1]) : 5).markdown());
    }
}
