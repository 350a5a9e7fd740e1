package io.loadsmith.engine;

import java.util.List;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.DatatypeOverrides;
import io.loadsmith.generation.DdlGenerator;
import io.loadsmith.generation.FreemarkerEngine;
import io.loadsmith.generation.FullRefreshSettings;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.ModelLocalizer;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.catalog.TemplateSource;

/** The generator wired by hand over the shipped library (and optional extra sources), without Spring. */
public record TestGenerators(LoadSqlGenerator loads, DdlGenerator ddl, FreemarkerEngine engine) {

    private static final LibraryTemplateSource LIBRARY = new LibraryTemplateSource();
    private static final DialectRegistry DIALECTS = new DialectRegistry();

    public static TestGenerators library() {
        return with(List.of());
    }

    /** With these project full-refresh policies (the others use the seed's defaults). */
    public static TestGenerators library(FullRefreshSettings fullRefresh) {
        return with(List.of(), fullRefresh);
    }

    /** Extra sources are searched before the library, as the store is in the application. */
    public static TestGenerators with(List<TemplateSource> before) {
        return with(before, FullRefreshSettings.defaults());
    }

    public static TestGenerators with(List<TemplateSource> before, FullRefreshSettings fullRefresh) {
        List<TemplateSource> sources = new java.util.ArrayList<>(before);
        sources.add(LIBRARY);
        FreemarkerEngine engine = new FreemarkerEngine(new TemplateCatalog(sources), LIBRARY);
        ModelLocalizer localizer = new ModelLocalizer(DatatypeOverrides.none());
        return new TestGenerators(new LoadSqlGenerator(engine, DIALECTS, localizer, fullRefresh),
                new DdlGenerator(engine, DIALECTS, localizer), engine);
    }
}
