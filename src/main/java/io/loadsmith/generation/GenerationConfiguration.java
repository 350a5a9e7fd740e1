package io.loadsmith.generation;

import java.time.Duration;
import java.util.List;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.call.TemplateCallCheck;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.catalog.TemplateSource;
import io.loadsmith.generation.render.FreemarkerEngine;
import io.loadsmith.generation.render.RenderGuard;

/**
 * Wires the application's engine, built once by {@link EngineFactory} from the application's
 * {@link EngineSettings}: the stored templates (the template feature's source) before the shipped
 * library, so a team's template shadows a library template of the same name; stored datatype
 * mappings over the dialect files; the project's full-refresh policies.
 */
@Configuration(proxyBeanMethods = false)
class GenerationConfiguration {

    @Bean
    LibraryTemplateSource libraryTemplateSource() {
        return new LibraryTemplateSource();
    }

    @Bean
    StoreChanges storeChanges() {
        return new StoreChanges();
    }

    /**
     * Where renders run and what they may use: {@code loadsmith.render.time-limit} (processor time)
     * and {@code .memory-limit} per render; {@code .threads} render threads (default: the cores but
     * one), {@code .queue} renders waiting for one (default: four per thread), and {@code .admission-wait},
     * how long a render waits for a place before it is refused with 503.
     */
    @Bean
    RenderGuard renderGuard(@Value("${loadsmith.render.time-limit:10s}") Duration time,
                            @Value("${loadsmith.render.memory-limit:512MB}") DataSize memory,
                            @Value("${loadsmith.render.threads:0}") int threads,
                            @Value("${loadsmith.render.queue:-1}") int queue,
                            @Value("${loadsmith.render.admission-wait:2s}") Duration admission) {
        RenderGuard.Pool defaults = RenderGuard.Pool.defaults();
        int renderThreads = threads > 0 ? threads : defaults.threads();
        return new RenderGuard(new RenderGuard.Limits(time, memory.toBytes()),
                new RenderGuard.Pool(renderThreads, queue >= 0 ? queue : 4 * renderThreads, admission));
    }

    @Bean
    EngineFactory engineFactory(LibraryTemplateSource library, DialectRegistry dialects, RenderGuard guard) {
        return new EngineFactory(library, dialects, guard);
    }

    /**
     * {@code overrides} is the store's datatype_mapping table (DatatypeMappingService); {@code sources}
     * the template sources of the features (the store's), the library being the factory's own.
     */
    @Bean
    EngineSettings engineSettings(FullRefreshSettings fullRefresh, DatatypeOverrides overrides,
                                  List<TemplateSource> sources, LibraryTemplateSource library) {
        return new EngineSettings(fullRefresh, overrides, sources.stream().filter(s -> s != library).toList());
    }

    @Bean
    Engine engine(EngineFactory factory, EngineSettings settings, StoreChanges changes) {
        Engine engine = factory.build(settings);
        changes.onChange(engine.freemarker()::invalidate);
        return engine;
    }

    @Bean
    TemplateCatalog templateCatalog(Engine engine) {
        return engine.catalog();
    }

    @Bean
    FreemarkerEngine freemarkerEngine(Engine engine) {
        return engine.freemarker();
    }

    @Bean
    ModelLocalizer modelLocalizer(Engine engine) {
        return engine.localizer();
    }

    @Bean
    LoadSqlGenerator loadSqlGenerator(Engine engine) {
        return engine.loads();
    }

    @Bean
    DdlGenerator ddlGenerator(Engine engine) {
        return engine.ddl();
    }

    @Bean
    TemplateCallCheck templateCallCheck(TemplateCatalog catalog) {
        return new TemplateCallCheck(catalog);
    }
}
