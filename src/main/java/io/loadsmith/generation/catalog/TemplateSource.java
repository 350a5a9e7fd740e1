package io.loadsmith.generation.catalog;

import java.util.List;
import java.util.Optional;

/** Somewhere templates come from: the shipped library or the metadata store. */
public interface TemplateSource {

    /** Short name used in messages, e.g. "store" or "library". */
    String describe();

    Optional<TemplateDefinition> find(TemplateKind kind, String name);

    /** Where a variant of this definition would be, for a miss message, e.g. templates-library/templates/scd2/h2.ftl. */
    String location(TemplateKind kind, String name, String dialect);

    /** The names this source holds, for lists of what can be called; a source that cannot list says none. */
    default List<String> names(TemplateKind kind) {
        return List.of();
    }
}
