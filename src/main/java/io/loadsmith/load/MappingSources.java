package io.loadsmith.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.WarehouseEntity;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateDefinition;
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
    SortedMap<String, String> describedTransformationTypes() {
        SortedMap<String, String> types = new TreeMap<>();
        library.all(TemplateKind.FORMULA).forEach(d -> types.put(d.name(), describe(d)));
        jdbc.query("select name, description from transformation_type", rs -> {
            String description = rs.getString(2);
            // A store type without words of its own keeps the library formula's of its name.
            if (description != null && !description.isBlank() || !types.containsKey(rs.getString(1))) {
                types.put(rs.getString(1), description == null ? "" : description.strip());
            }
        });
        types.putIfAbsent("CUSTOM", "an SQL expression of your own");
        return types;
    }

    /** Matches a formula's opening comment, {@code <#-- HASH_KEY: what it computes -->}: the words after the name. */
    private static final Pattern OPENING_COMMENT =
            Pattern.compile("\\A\\s*<#--\\s*(?:[A-Za-z0-9_]+:\\s*)?(.*?)\\s*-->", Pattern.DOTALL);

    /** A library formula's description, else its opening comment (the shipped formulas say there what they compute). */
    private static String describe(TemplateDefinition formula) {
        if (formula.description() != null && !formula.description().isBlank()) {
            return formula.description();
        }
        String body = formula.variants().getOrDefault(TemplateDefinition.DEFAULT_VARIANT, "");
        Matcher comment = OPENING_COMMENT.matcher(body);
        return comment.find() ? comment.group(1).replaceAll("\\s+", " ") : "";
    }

    private boolean isDeleted(String qualifiedName) {
        int dot = qualifiedName == null ? -1 : qualifiedName.indexOf('.');
        return dot > 0 && jdbc.queryForObject(DELETED, Integer.class, qualifiedName.substring(0, dot),
                qualifiedName.substring(dot + 1)) > 0;
    }
}
