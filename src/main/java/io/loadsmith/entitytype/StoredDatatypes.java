package io.loadsmith.entitytype;

import java.util.Map;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;

import io.loadsmith.generation.DatatypeOverrides;
import io.loadsmith.generation.StoreCache;
import io.loadsmith.generation.StoreChanges;

/**
 * The stored datatype mappings as the generator asks for them: every entity of every generation.
 * Cached until a commit changes them, and deliberately not transactional: a transaction opened
 * around a cache hit cost the preview an eighth of its CPU (issue 18.4), and the rare miss is one
 * repository query, which has its own.
 */
@Component
class StoredDatatypes implements DatatypeOverrides {

    private final DatatypeMappingRepository mappings;
    private final StoreCache<String, Map<String, String>> byDialect;

    StoredDatatypes(DatatypeMappingRepository mappings, StoreChanges changes) {
        this.mappings = mappings;
        this.byDialect = new StoreCache<>(changes);
    }

    @Override
    public Map<String, String> forDialect(String dialect) {
        return byDialect.get(dialect, d -> Map.copyOf(mappings.findByDialectOrderByLogicalDatatype(d).stream()
                .collect(Collectors.toMap(DatatypeMapping::getLogicalDatatype, DatatypeMapping::getPhysicalPattern))));
    }
}
