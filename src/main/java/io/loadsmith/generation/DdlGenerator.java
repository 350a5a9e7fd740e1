package io.loadsmith.generation;

import java.util.HashMap;
import java.util.Map;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.render.FreemarkerEngine;
import io.loadsmith.generation.render.FreemarkerErrors;
import io.loadsmith.generation.render.RenderBusyException;

/** The CREATE TABLE of an entity for a dialect, from templates-library/ddl/create_table. */
public class DdlGenerator {

    private final FreemarkerEngine engine;
    private final DialectRegistry dialects;
    private final ModelLocalizer localizer;

    public DdlGenerator(FreemarkerEngine engine, DialectRegistry dialects, ModelLocalizer localizer) {
        this.engine = engine;
        this.dialects = dialects;
        this.localizer = localizer;
    }

    /** @throws io.loadsmith.dialect.UnknownDialectException for a dialect that does not exist */
    public String createTable(EntityModel entity, String dialectName) {
        Dialect dialect = dialects.get(dialectName);
        // An entity may be saved without attributes while it is modelled; no engine takes a table without columns.
        if (entity.attributes().isEmpty()) {
            throw new GenerationException(new GenerationException.Location(null, null, null, "ddl/create_table", null,
                    null), "DDL of entity " + entity.qualifiedName() + ": the entity has no attributes, and a table"
                    + " needs at least one column; add an attribute first");
        }
        try {
            Map<String, Object> data = new HashMap<>();
            data.put("entity", localizer.localize(entity, dialect));
            return engine.guarded(() -> engine.render(dialect, TemplateKind.DDL.folder() + "/create_table", data)) + "\n";
        } catch (RenderBusyException e) {
            throw e;
        } catch (Exception e) {
            FreemarkerErrors.Described d = FreemarkerErrors.describe(e);
            throw new GenerationException(new GenerationException.Location(null, null, null,
                    d.template() == null ? "ddl/create_table" : d.template(), d.line(), d.column()),
                    "DDL of entity " + entity.qualifiedName() + ": " + d.detail());
        }
    }
}
