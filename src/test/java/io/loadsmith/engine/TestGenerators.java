package io.loadsmith.engine;

import java.util.List;

import io.loadsmith.generation.DdlGenerator;
import io.loadsmith.generation.Engine;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.generation.FullRefreshSettings;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.catalog.TemplateSource;
import io.loadsmith.generation.render.FreemarkerEngine;

/** The generator over the shipped library (and optional extra sources), from the application's factory, without Spring. */
public record TestGenerators(LoadSqlGenerator loads, DdlGenerator ddl, FreemarkerEngine engine) {

    private static final EngineFactory FACTORY = EngineFactory.standalone();

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
        Engine engine = FACTORY.build(new EngineSettings(fullRefresh, null, before));
        return new TestGenerators(engine.loads(), engine.ddl(), engine.freemarker());
    }
}
