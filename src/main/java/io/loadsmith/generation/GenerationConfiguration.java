package io.loadsmith.generation;

import java.time.Duration;
import java.util.List;

import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.catalog.TemplateSource;

/**
 * Wires the application's engine, built once by {@link EngineFactory} from the application's
 * {@link EngineSettings}: the stored templates (the template feature's source) before the shipped
 * library, so a team's template shadows a library template of the same name; stored datatype
 * mappings over the dialect files; the project's full-refresh policies.
 */
@Configuration(proxyBeanMethods = false)
public class GenerationConfiguration {

    @Bean
    LibraryTemplateSource libraryTemplateSource() {
        return new LibraryTemplateSource();
    }

    @Bean
    StoreChanges storeChanges() {
        return new StoreChanges();
    }

    /** The limits every parse and render obeys: {@code loadsmith.render.time-limit} and {@code .memory-limit}. */
    @Bean
    RenderGuard renderGuard(@Value("${loadsmith.render.time-limit:10s}") Duration time,
                            @Value("${loadsmith.render.memory-limit:512MB}") DataSize memory) {
        // Beside the start, not in its way: from Java 20 on the answer loads a native library.
        Thread check = new Thread(() -> RenderGuard.limitation()
                .ifPresent(LoggerFactory.getLogger(RenderGuard.class)::warn), "render-guard-check");
        check.setDaemon(true);
        check.start();
        return new RenderGuard(new RenderGuard.Limits(time, memory.toBytes()));
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
