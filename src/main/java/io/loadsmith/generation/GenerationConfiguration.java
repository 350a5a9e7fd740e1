package io.loadsmith.generation;

import java.util.List;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.template.LoadTemplateRepository;
import io.loadsmith.template.StoreTemplateSource;
import io.loadsmith.template.TransformationTypeRepository;

/**
 * Wires the generator to the application: templates come from the store first, then the shipped
 * library, so a team's template shadows a library template of the same name; stored datatype
 * mappings override the dialect files.
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

    @Bean
    StoreTemplateSource storeTemplateSource(LoadTemplateRepository templates, TransformationTypeRepository transformations,
                                            StoreChanges changes) {
        return new StoreTemplateSource(templates, transformations, changes);
    }

    @Bean
    TemplateCatalog templateCatalog(StoreTemplateSource store, LibraryTemplateSource library) {
        return new TemplateCatalog(List.of(store, library));
    }

    /** The limits every parse and render obeys: {@code loadsmith.render.time-limit} and {@code .memory-limit}. */
    @Bean
    RenderGuard renderGuard(@Value("${loadsmith.render.time-limit:10s}") java.time.Duration time,
                            @Value("${loadsmith.render.memory-limit:512MB}") org.springframework.util.unit.DataSize memory) {
        return new RenderGuard(new RenderGuard.Limits(time, memory.toBytes()));
    }

    @Bean
    FreemarkerEngine freemarkerEngine(TemplateCatalog catalog, LibraryTemplateSource library, StoreChanges changes,
                                      RenderGuard guard) {
        FreemarkerEngine engine = new FreemarkerEngine(catalog, library, guard);
        changes.onChange(engine::invalidate);
        return engine;
    }

    /** {@code overrides} is the store's datatype_mapping table (DatatypeMappingService). */
    @Bean
    ModelLocalizer modelLocalizer(DatatypeOverrides overrides) {
        return new ModelLocalizer(overrides);
    }

    @Bean
    LoadSqlGenerator loadSqlGenerator(FreemarkerEngine engine, DialectRegistry dialects, ModelLocalizer localizer,
                                      FullRefreshSettings fullRefresh) {
        return new LoadSqlGenerator(engine, dialects, localizer, fullRefresh);
    }

    @Bean
    io.loadsmith.generation.DdlGenerator ddlGenerator(FreemarkerEngine engine, DialectRegistry dialects, ModelLocalizer localizer) {
        return new io.loadsmith.generation.DdlGenerator(engine, dialects, localizer);
    }

    @Bean
    TemplateCallCheck templateCallCheck(TemplateCatalog catalog) {
        return new TemplateCallCheck(catalog);
    }
}
