package io.loadsmith.entity.web;

import org.springframework.stereotype.Component;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.entity.EntityDdlService;
import io.loadsmith.generation.model.GenerationException;

/** The entity page's DDL preview in the chosen dialect (the default one when none is chosen). */
@Component
record DdlPreview(DialectRegistry dialects, EntityDdlService ddl) {

    /** The DDL preview: the SQL, or why there is none. */
    public record DdlView(String dialect, String sql, String error) {
    }

    public DdlView of(long entityId, String dialect) {
        String chosen = dialects.choose(dialect);
        try {
            return new DdlView(chosen, ddl.createTable(entityId, chosen), null);
        } catch (GenerationException e) {
            return new DdlView(chosen, null, e.getMessage());
        }
    }
}
