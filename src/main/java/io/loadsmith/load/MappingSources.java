package io.loadsmith.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.WarehouseEntity;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.problem.Violations;

/**
 * What a load's mappings are checked against: their source entities, looked up by name (a deleted
 * one named as deleted, with the load), and the configured transformation types (the store's and
 * the library's formulas). The store's are read by JDBC in the caller's transaction, so an import
 * that adds a type and a load using it sees its own type.
 */
@Component
class MappingSources {

    private static final String DELETED = "select count(*) from dw_entity where deleted_at is not null and schema_name = ? and name = ?";

    private final EntityService entities;
    private final LibraryTemplateSource library;
    private final JdbcTemplate jdbc;

    MappingSources(EntityService entities, LibraryTemplateSource library, JdbcTemplate jdbc) {
        this.entities = entities;
        this.library = library;
        this.jdbc = jdbc;
    }

    /** The source entity of each mapping, in order; an InvalidRequestException names each one missing. */
    List<WarehouseEntity> resolve(String load, List<EntityMapping> mappings) {
        Violations violations = new Violations();
        List<WarehouseEntity> found = new ArrayList<>();
        for (int i = 0; i < mappings.size(); i++) {
            String name = mappings.get(i).source();
            Optional<WarehouseEntity> entity = entities.findByQualifiedName(name);
            if (entity.isEmpty()) {
                violations.add("mappings[" + i + "].source", name, "Load '" + load + "', mapping " + (i + 1) + ": "
                        + (isDeleted(name) ? "source entity '" + name + "' is deleted; restore it or map another entity"
                        : "source entity '" + name + "' names no entity (give it as schema.name)"));
            }
            found.add(entity.orElse(null));
        }
        violations.throwIfAny();
        return found;
    }

    Set<String> transformationTypes() {
        Set<String> names = new TreeSet<>(library.names(TemplateKind.FORMULA));
        names.addAll(jdbc.queryForList("select name from transformation_type", String.class));
        return names;
    }

    /** The configured transformation types (and CUSTOM) with their descriptions (empty when none), sorted by name. */
    java.util.SortedMap<String, String> describedTransformationTypes() {
        java.util.SortedMap<String, String> types = new java.util.TreeMap<>();
        library.all(TemplateKind.FORMULA).forEach(d -> types.put(d.name(), d.description() == null ? "" : d.description()));
        jdbc.query("select name, description from transformation_type", rs -> {
            types.put(rs.getString(1), rs.getString(2) == null ? "" : rs.getString(2));
        });
        types.putIfAbsent("CUSTOM", "an SQL expression of your own");
        return types;
    }

    private boolean isDeleted(String qualifiedName) {
        int dot = qualifiedName == null ? -1 : qualifiedName.indexOf('.');
        return dot > 0 && jdbc.queryForObject(DELETED, Integer.class, qualifiedName.substring(0, dot),
                qualifiedName.substring(dot + 1)) > 0;
    }
}
