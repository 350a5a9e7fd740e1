package io.loadsmith.generation;

import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.render.FreemarkerEngine;

/** One assembled engine: its catalog, renderer and the generators over them; built by {@link EngineFactory}. */
public record Engine(TemplateCatalog catalog, FreemarkerEngine freemarker, ModelLocalizer localizer,
                     LoadSqlGenerator loads, DdlGenerator ddl) {
}
