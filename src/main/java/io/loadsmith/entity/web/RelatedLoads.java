package io.loadsmith.entity.web;

import java.util.List;

/**
 * The loads that write and read an entity, for its page. Loads know entities, not the other way
 * round, so the load feature implements this and the entity page only names what it needs.
 */
public interface RelatedLoads {

    /** A link to a load's page. */
    record LoadLink(long id, String name) {
    }

    /** A link to an entity's page. */
    record EntityLink(long id, String name) {
    }

    /** Loads whose target is the entity (its qualified name, in any case). */
    List<LoadLink> writing(String qualifiedName);

    /** Loads that name the entity among their sources. */
    List<LoadLink> reading(String qualifiedName);

    /** The entities that the mappings of the loads writing the entity read (qualified names, each once). */
    List<String> mappedInto(String qualifiedName);

    /** The targets of the loads that map the entity (qualified names, each once). */
    List<String> mappedFrom(String qualifiedName);
}
