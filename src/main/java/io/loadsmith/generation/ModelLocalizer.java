package io.loadsmith.generation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.dialect.PhysicalTypes;
import io.loadsmith.generation.call.ParameterKinds;
import io.loadsmith.generation.model.EntityModel;

/**
 * Fills in each attribute's physical type and the SQL form of every name (quoted with the dialect's
 * identifier quote when the model marks it case-sensitive) for a dialect; a dialect-neutral model goes in.
 */
public final class ModelLocalizer {

    private final DatatypeOverrides overrides;

    public ModelLocalizer(DatatypeOverrides overrides) {
        this.overrides = overrides;
    }

    public EntityModel localize(EntityModel entity, Dialect dialect) {
        // Every bad name at once: a model with three reserved column names is fixed in one go, not three.
        List<String> problems = new ArrayList<>(0);
        checkIdentifier(problems, dialect, () -> "Schema of entity " + entity.qualifiedName(), entity.schema());
        checkIdentifier(problems, dialect, () -> "Entity " + entity.qualifiedName(), entity.name());
        entity.attributes().forEach(a -> checkIdentifier(problems, dialect,
                () -> "Attribute " + a.name() + " of entity " + entity.qualifiedName(), a.name()));
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join(" ", problems));
        }
        Map<String, String> stored = overrides.forDialect(dialect.name());
        // Entities repeat the same few types; resolve each (type, length, precision, scale) once per entity.
        Map<List<Object>, String> resolved = new HashMap<>();
        return entity.withSqlName(sqlName(dialect, entity.name(), entity.caseSensitive())).mapAttributes(a -> {
            try {
                List<Object> key = Arrays.asList(a.datatype(), a.dataLength(), a.dataPrecision(), a.dataScale());
                String physical = resolved.get(key);
                if (physical == null) {
                    physical = PhysicalTypes.resolve(dialect, a.datatype(), a.dataLength(), a.dataPrecision(),
                            a.dataScale(), stored);
                    resolved.put(key, physical);
                }
                return a.withPhysicalDatatype(physical).withSqlName(sqlName(dialect, a.name(), a.caseSensitive()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Attribute " + a.name() + " of entity " + entity.qualifiedName()
                        + ": " + e.getMessage(), e);
            }
        });
    }

    private static String sqlName(Dialect dialect, String name, boolean caseSensitive) {
        return caseSensitive ? dialect.quoteIdentifier(name) : name;
    }

    /**
     * Names are written into SQL unquoted unless case-sensitive, so they must be legal as they stand
     * in every target dialect; reserved words stay refused even when they could be quoted.
     */
    // What is checked is named only when it fails: building the text for every attribute showed in export profiles.
    private static void checkIdentifier(List<String> problems, Dialect dialect, Supplier<String> what, String name) {
        if (name == null) {
            return;
        }
        if (!Identifiers.isValid(name)) {
            // Stored or imported before names were checked: refused here rather than written into SQL.
            problems.add(what.get() + ": " + ParameterKinds.shown(name) + " is not a valid identifier: "
                    + "use letters, digits and _, not starting with a digit, at most " + Identifiers.MAX_LENGTH + " characters.");
        } else if (name.length() > dialect.maxIdentifierLength()) {
            problems.add(what.get() + ": '" + name + "' is " + name.length() + " characters; "
                    + dialect.label() + " allows at most " + dialect.maxIdentifierLength() + ".");
        } else if (dialect.reservedWords().contains(name.toUpperCase(Locale.ROOT))) {
            problems.add(what.get() + ": '" + name + "' is a reserved word in " + dialect.label()
                    + "; rename it.");
        }
    }
}
