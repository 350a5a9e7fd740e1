package io.loadsmith.ddl;

import java.util.HashMap;
import java.util.Map;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.FreemarkerEngine;
import io.loadsmith.generation.GenerationException;
import io.loadsmith.generation.ModelLocalizer;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.template.TemplateKind;

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

    public String createTable(EntityModel entity, String dialectName) {
        try {
            Dialect dialect = dialects.get(dialectName);
            Map<String, Object> data = new HashMap<>();
            data.put("entity", localizer.localize(entity, dialect));
            return engine.render(dialect, TemplateKind.DDL.folder() + "/create_table", data) + "\n";
        } catch (Exception e) {
            throw new GenerationException(new GenerationException.Location(null, null, null, "ddl/create_table", null, null),
                    "DDL of entity " + entity.qualifiedName() + ": " + e.getMessage());
        }
    }
}
