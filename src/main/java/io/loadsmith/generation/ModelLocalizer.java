package io.loadsmith.generation;

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
        return entity.mapAttributes(a -> {
            try {
                return a.withPhysicalDatatype(PhysicalTypes.resolve(dialect, a.datatype(), a.dataLength(),
                        a.dataPrecision(), a.dataScale(), stored));
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
