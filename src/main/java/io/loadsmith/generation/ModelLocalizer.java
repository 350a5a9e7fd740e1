package io.loadsmith.generation;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.dialect.PhysicalTypes;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;

/** Fills in each attribute's physical type for a dialect; a dialect-neutral model goes in. */
public final class ModelLocalizer {

    private final DatatypeOverrides overrides;

    public ModelLocalizer(DatatypeOverrides overrides) {
        this.overrides = overrides;
    }

    public EntityModel localize(EntityModel entity, Dialect dialect) {
        Map<String, String> stored = overrides.forDialect(dialect.name());
        // Entities repeat the same few types; resolve each (type, length, precision, scale) once per entity.
        Map<List<Object>, String> resolved = new HashMap<>();
        return entity.mapAttributes(a -> {
            try {
                List<Object> key = Arrays.asList(a.datatype(), a.dataLength(), a.dataPrecision(), a.dataScale());
                String physical = resolved.get(key);
                if (physical == null) {
                    physical = PhysicalTypes.resolve(dialect, a.datatype(), a.dataLength(), a.dataPrecision(),
                            a.dataScale(), stored);
                    resolved.put(key, physical);
                }
                return a.withPhysicalDatatype(physical);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Attribute " + a.name() + " of entity " + entity.qualifiedName()
                        + ": " + e.getMessage(), e);
            }
        });
    }

    public static AttributeModel neutral(AttributeModel attribute) {
        return attribute.withPhysicalDatatype(null);
    }
}
