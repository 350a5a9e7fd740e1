package io.loadsmith.generation;

import java.util.ArrayList;
import java.util.List;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.catalog.TemplateSource;
import io.loadsmith.generation.render.FreemarkerEngine;
import io.loadsmith.generation.render.RenderGuard;

/**
 * The one place an engine is put together from {@link EngineSettings}: the settings' template
 * sources, then the shipped library; the settings' datatype mappings over the dialect files; the
 * settings' full-refresh policies.
 */
public final class EngineFactory {

    private final LibraryTemplateSource library;
    private final DialectRegistry dialects;
    private final RenderGuard guard;

    public EngineFactory(LibraryTemplateSource library, DialectRegistry dialects, RenderGuard guard) {
        this.library = library;
        this.dialects = dialects;
        this.guard = guard;
    }

    /** Without a server: the shipped library and dialects, the default render limits. */
    public static EngineFactory standalone() {
        return new EngineFactory(new LibraryTemplateSource(), new DialectRegistry(), RenderGuard.shared());
    }

    public Engine build(EngineSettings settings) {
        List<TemplateSource> sources = new ArrayList<>(settings.templates());
        sources.add(library);
        TemplateCatalog catalog = new TemplateCatalog(sources);
        FreemarkerEngine freemarker = new FreemarkerEngine(catalog, library, guard);
        ModelLocalizer localizer = new ModelLocalizer(settings.datatypes());
        return new Engine(catalog, freemarker, localizer,
                new LoadSqlGenerator(freemarker, dialects, localizer, settings.fullRefresh()),
                new DdlGenerator(freemarker, dialects, localizer));
    }

    public DialectRegistry dialects() {
        return dialects;
    }
}
